/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** package.json's version, written into log headers and snapshots. */
  readonly VITE_APP_VERSION?: string;
  /** A hash of the reducers' and rules' sources (vite.config.ts): the key of the state's snapshots. */
  readonly VITE_FOLD_VERSION?: string;
  /** The build's number, when the build was given one: the theme stylesheet's cache-busting version. */
  readonly VITE_BUILD_NUMBER?: string;
}

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** package.json's version, written into log headers and snapshots. */
  readonly VITE_APP_VERSION?: string;
  /** The build's number, when the build was given one: the theme stylesheet's cache-busting version. */
  readonly VITE_BUILD_NUMBER?: string;
}

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** package.json's version, written into log headers and snapshots. */
  readonly VITE_APP_VERSION?: string;
}

// How the unit tests are split between Vitest's projects (vite.config.ts), kept where tests/testProjects.test.ts can
// check it against the files themselves.

/**
 * The unit test files that add RxDB's dev-mode plugin. A plugin is added for the whole process, and once it is, every
 * database must be opened on a validating storage: these files run in a project of their own, each in a fresh module
 * registry, so the other files can share their worker's modules.
 */
export const RXDB_DEV_MODE_FILES: readonly string[] = [
  'tests/store/archive.test.ts',
  'tests/store/backForward.test.ts',
  'tests/store/deferredStore.test.ts',
  'tests/store/eventStore.test.ts',
  'tests/store/longSession.test.ts',
  'tests/store/snapshots.test.ts',
];

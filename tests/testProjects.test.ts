// The unit files share their worker's modules (vite.config.ts, isolate: false), which holds only while no file changes
// the process for the files after it. RxDB's dev-mode plugin does: a file that adds it runs in the unit-dev-mode
// project, and this fails for one that adds it from anywhere else.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { RXDB_DEV_MODE_FILES } from './support/testProjects';
import { filesUnder } from './support/files';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The unit test files, relative to the root (the browser project's are left out). */
const unitTestFiles = (): string[] =>
  filesUnder(join(ROOT, 'tests'), /\.test\.ts$/)
    .map((file) => relative(ROOT, file))
    .filter((file) => !file.startsWith('tests/browser/'));

it('runs every unit file that turns on RxDB dev-mode in its own project, and only those', () => {
  const addingDevMode = unitTestFiles()
    .filter((file) => /from ['"]rxdb\/plugins\/dev-mode['"]/.test(readFileSync(join(ROOT, file), 'utf8')))
    .sort();
  expect(addingDevMode.length).toBeGreaterThan(0);
  expect(addingDevMode).toEqual([...RXDB_DEV_MODE_FILES].sort());
});

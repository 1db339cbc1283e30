// The unit files share their worker's modules (vite.config.ts, isolate: false), which holds only while no file changes
// the process for the files after it. RxDB's dev-mode plugin does: a file that adds it runs in the unit-dev-mode
// project, and this fails for one that adds it from anywhere else.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { RXDB_DEV_MODE_FILES } from './support/testProjects';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'browser' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

it('runs every unit file that turns on RxDB dev-mode in its own project, and only those', () => {
  const addingDevMode = testFiles(join(ROOT, 'tests'))
    .filter((file) => /from ['"]rxdb\/plugins\/dev-mode['"]/.test(readFileSync(join(ROOT, file), 'utf8')))
    .sort();
  expect(addingDevMode.length).toBeGreaterThan(0);
  expect(addingDevMode).toEqual([...RXDB_DEV_MODE_FILES].sort());
});

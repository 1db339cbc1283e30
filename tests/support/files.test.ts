// The file walk the source-reading tests share: were it to find nothing, their rules would pass on no file at all.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { filesUnder } from './files';
import { tempDir } from './tempDir';

it('finds the matching files at every depth, sorted, and none inside node_modules', () => {
  const root = tempDir('countertop-files-');
  for (const path of ['b.ts', 'a.tsx', 'notes.md', 'deep/er/c.ts', 'node_modules/pkg/d.ts', 'deep/node_modules/e.ts']) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '');
  }
  expect(filesUnder(root, /\.tsx?$/)).toEqual([join(root, 'a.tsx'), join(root, 'b.ts'), join(root, 'deep/er/c.ts')]);
  expect(filesUnder(new URL(`file://${root}/deep/`), /\.ts$/)).toEqual([join(root, 'deep/er/c.ts')]);
});

it('finds the source the architecture tests read', () => {
  expect(filesUnder(new URL('../../src/', import.meta.url), /\.tsx?$/).length).toBeGreaterThan(300);
});

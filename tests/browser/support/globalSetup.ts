// Builds the storefront once per test run, into a directory of its own (runs in parallel must not share dist/),
// and hands its path to the test files; or hands on COUNTERTOP_BUILD_DIR's when it is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { productionBuild } from '../../support/productionBuild';

declare module 'vitest' {
  export interface ProvidedContext {
    buildDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // A build made beforehand (`vite build --outDir X`, then COUNTERTOP_BUILD_DIR=X) is served as it is: a run of the
  // tests alone, after changing only tests, skips the build.
  const given = process.env.COUNTERTOP_BUILD_DIR;
  if (given) {
    project.provide('buildDir', given);
    return () => undefined;
  }
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const outDir = mkdtempSync(join(tmpdir(), 'countertop-build-'));
  await productionBuild(root, outDir, 'warn');
  project.provide('buildDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}

// The storefront's production build, as shoppers get it, from the sources under `root` into `outDir`: for the browser
// tests' global setup and the benchmarks. Vitest sets NODE_ENV=test; the build needs production while it runs.
import { build } from 'vite';

export async function productionBuild(root: string, outDir: string, logLevel: 'warn' | 'silent' = 'silent'): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile: `${root}vite.config.ts`, mode: 'production', logLevel, build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

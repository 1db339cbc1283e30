// Builds the storefront once for every browser test file; each file then serves dist/ with its own sandbox.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';

export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  await build({ root, configFile: `${root}vite.config.ts`, logLevel: 'warn' });
}

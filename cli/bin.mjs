#!/usr/bin/env node
// The `countertop` command. The CLI is TypeScript sharing src/ with the storefront; it runs as JavaScript built ahead
// of time by cli/build.mjs (at install, or here when a source changed since the last build), so it starts as fast as
// a plain Node program. COUNTERTOP_CLI_TSX=1 runs the sources through tsx instead, for debugging with their own lines.
if (process.env.COUNTERTOP_CLI_TSX === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./main.ts');
} else {
  const { ensureCliBuild } = await import('./build.mjs');
  let main;
  try {
    main = await ensureCliBuild();
  } catch (error) {
    process.stderr.write(`countertop: the CLI's sources do not build:\n${error.message}\n`);
    process.exit(1);
  }
  const { pathToFileURL } = await import('node:url');
  await import(pathToFileURL(main).href);
}

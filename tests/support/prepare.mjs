#!/usr/bin/env node
// Runs before `npm start` and `npm test` so both work on a fresh machine:
//   --deps      installs npm packages when node_modules is missing or older than package-lock.json
//   --chromium  installs Debian's chromium and chromium-headless-shell when absent (browser tests drive them)
//   --cli       builds the countertop CLI to JavaScript when its build is missing or older than its sources (the
//               CLI tests run it as a process, several at once; one build first spares each its own)
//   --postgres  installs Debian's postgresql when no /usr/lib/postgresql/<version>/bin/initdb is there (the support
//               inbox's tests start a throwaway server with it); not needed with COUNTERTOP_TEST_DATABASE set
// Plain Node with no dependencies: it must run before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = new Set(process.argv.slice(2));
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

if (args.has('--deps')) {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (stale) {
    console.log('prepare: installing npm packages');
    run(existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund');
  }
}

if (args.has('--cli')) run('node cli/build.mjs');

if (args.has('--chromium')) {
  // The browser tests drive Debian's headless shell, and the full browser for what only it has (the back/forward
  // cache, notifications) and for the benchmarks: both packages, from Debian, never a downloaded browser.
  const wanted = [
    ['chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'],
    ['chromium-headless-shell', process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'],
  ];
  const missing = wanted.filter(([, path]) => !existsSync(path)).map(([name]) => name);
  if (missing.length > 0) {
    console.log(`prepare: installing Debian's ${missing.join(' and ')} for the browser tests`);
    const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
    run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`);
  }
}

if (args.has('--postgres') && !process.env.COUNTERTOP_TEST_DATABASE) {
  const root = '/usr/lib/postgresql';
  const installed = existsSync(root) && readdirSync(root).some((version) => existsSync(join(root, version, 'bin', 'initdb')));
  if (!installed) {
    console.log("prepare: installing Debian's postgresql for the support inbox's tests");
    const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
    run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql`);
  }
}

// Builds the TypeScript CLI into plain JavaScript once, so `countertop` starts as fast as a small Node program instead of
// compiling its sources on every run. The build lives in node_modules/.cache/countertop-cli/<key>/, where the key is the
// SHA-256 of every source file that went into it (and of this file, tsconfig.json and esbuild's version):
//   - `ensureCliBuild()` (used by cli/bin.mjs) stats the inputs the current build lists; when a file's size or time
//     changed it hashes its content, and when any content differs (or a file is gone) it builds again. A stale build
//     is therefore never run after a source change, and a `touch` alone does not cost a build.
//   - `node cli/build.mjs` builds ahead of time when the build is missing or stale (npm's `prepare` runs it at install,
//     tests/support/prepare.mjs before the tests); `--force` builds in any case.
// COUNTERTOP_CLI_CACHE names another cache folder (the tests build a copy of the sources there).
// Plain Node: it runs before anything but esbuild is loaded. npm packages stay outside the bundle (Node resolves them
// from the project's node_modules, which the cache folder sits inside).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = process.env.COUNTERTOP_CLI_CACHE ?? join(ROOT, 'node_modules', '.cache', 'countertop-cli');
const CURRENT = join(CACHE, 'current.json');
const ENTRY = join(ROOT, 'cli', 'main.ts');
/** Files that shape the output without being among its sources (the lock file stands for the bundled npm packages). */
const CONFIG_INPUTS = ['cli/build.mjs', 'tsconfig.json', 'package-lock.json'];
/** Builds older than this that are not current are removed (a process may still be running one). */
const KEEP_OLD_MS = 60 * 60 * 1000;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function readCurrent() {
  try {
    return JSON.parse(readFileSync(CURRENT, 'utf8'));
  } catch {
    return undefined;
  }
}

/** True when every input listed has the content the build was made from. */
function upToDate(current) {
  if (!current || current.root !== ROOT || !Array.isArray(current.inputs)) return false;
  try {
    statSync(join(CACHE, current.main));
  } catch {
    return false;
  }
  let touched = false;
  for (const input of current.inputs) {
    let stat;
    try {
      stat = statSync(join(ROOT, input.path));
    } catch {
      return false;
    }
    if (stat.size === input.size && stat.mtimeMs === input.mtimeMs) continue;
    if (stat.size !== input.size || sha256(readFileSync(join(ROOT, input.path))) !== input.sha256) return false;
    // Same content, new time (a checkout, a touch): remember the time so the next run need not hash it again.
    input.mtimeMs = stat.mtimeMs;
    touched = true;
  }
  if (touched) writeCurrent(current);
  return true;
}

function writeCurrent(current) {
  const pointer = join(CACHE, `.current-${process.pid}-${Date.now()}.json`);
  writeFileSync(pointer, JSON.stringify(current));
  renameSync(pointer, CURRENT);
}

/**
 * `import.meta.url` in a source names the source's own place (cli/appVersion.ts reads ../package.json, the sandbox
 * finds ../../fixtures); in the bundle it would name the cache folder, so each module gets its source's URL instead.
 */
const sourceUrls = {
  name: 'countertop-source-urls',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${join('node_modules', '')}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * fp-ts and io-ts ship CommonJS (`lib/`) beside ES modules (`es6/`). Bundled as CommonJS, every `E.isLeft` a replay
 * calls per event goes through the getter esbuild puts on a CommonJS module's exports; bundled as ES modules they
 * are plain functions in scope. The sources import `fp-ts/lib/...` (what Node and the type checker resolve), so the
 * bundle takes the ES build of the same file, and of io-ts (`mainFields`), which then imports fp-ts's ES build too.
 */
const esModuleBuilds = {
  name: 'countertop-es-module-builds',
  setup(build) {
    build.onResolve({ filter: /^fp-ts\/lib\// }, (args) => {
      const file = args.path.slice('fp-ts/lib/'.length).replace(/\.js$/, '');
      return { path: join(ROOT, 'node_modules', 'fp-ts', 'es6', `${file}.js`) };
    });
  },
};

/** Builds the CLI and makes it current; returns the path of its main module. */
export async function buildCli() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // CommonJS packages inside an ES module bundle still need `require` for Node's own modules.
    banner: { js: "import { createRequire as __countertopRequire } from 'node:module'; const require = __countertopRequire(import.meta.url);" },
    outdir: 'out',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    tsconfig: join(ROOT, 'tsconfig.json'),
    mainFields: ['module', 'main'],
    plugins: [sourceUrls, esModuleBuilds],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const paths = [...new Set([...Object.keys(result.metafile.inputs).filter((p) => !p.includes('node_modules')), ...CONFIG_INPUTS])].sort();
  const inputs = paths.map((path) => {
    const full = join(ROOT, path);
    const stat = statSync(full);
    return { path, size: stat.size, mtimeMs: stat.mtimeMs, sha256: sha256(readFileSync(full)) };
  });
  const key = sha256(JSON.stringify([ROOT, esbuild.version, inputs.map((i) => [i.path, i.sha256])])).slice(0, 16);
  const dir = join(CACHE, key);
  mkdirSync(CACHE, { recursive: true });
  // Written aside and renamed, so a CLI started meanwhile (tests run several at once) never sees half a build.
  const staging = join(CACHE, `.staging-${process.pid}-${Date.now()}`);
  for (const file of result.outputFiles) {
    const target = join(staging, relative(join(ROOT, 'out'), file.path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process made the same build first
  }
  writeCurrent({ root: ROOT, key, main: join(key, 'main.mjs'), inputs });
  removeOldBuilds(key);
  return join(dir, 'main.mjs');
}

function removeOldBuilds(keep) {
  for (const name of readdirSync(CACHE)) {
    if (name === keep || name === 'current.json') continue;
    const path = join(CACHE, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > KEEP_OLD_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed by another process meanwhile
    }
  }
}

/** The path of a build made from the sources as they are now, building one first when needed. */
export async function ensureCliBuild() {
  const current = readCurrent();
  if (upToDate(current)) return join(CACHE, current.main);
  return buildCli();
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const fresh = !process.argv.includes('--force') && upToDate(readCurrent());
  let main;
  try {
    main = fresh ? join(CACHE, readCurrent().main) : await buildCli();
  } catch (error) {
    // At install a source that does not build yet must not fail `npm install`: the CLI builds (and says why it
    // cannot) when it is run.
    if (!process.argv.includes('--at-install')) throw error;
    console.warn(`countertop CLI not built now (it builds on first run): ${error.message}`);
    process.exit(0);
  }
  console.log(`countertop CLI ${fresh ? 'is up to date' : `built in ${Math.round(performance.now() - started)} ms`}: ${relative(ROOT, main)}`);
}

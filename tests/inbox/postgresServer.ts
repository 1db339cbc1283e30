// A real PostgreSQL server for the inbox's contract tests: COUNTERTOP_TEST_DATABASE when set (an existing server),
// otherwise a throwaway cluster made with initdb in a temporary folder and started with pg_ctl on a free port, as the
// postgres user when the tests run as root (PostgreSQL refuses root), and stopped and removed at the end. When none
// can be started this throws, saying why: the PostgreSQL suite fails rather than being skipped.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresServer {
  readonly url: string;
  stop(): Promise<void>;
}

const HOW_TO_GET_ONE =
  "run `node tests/support/prepare.mjs --postgres` (installs Debian's postgresql), or set COUNTERTOP_TEST_DATABASE=postgres://... to use an existing server";

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl, or null. */
function binaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(root, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const existing = process.env.COUNTERTOP_TEST_DATABASE;
  if (existing) return { url: existing, stop: async () => undefined };
  const bin = binaries();
  if (bin === null) throw new Error(`PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb): ${HOW_TO_GET_ONE}`);
  const asRoot = process.getuid?.() === 0;
  // As root, every command runs as the postgres user, which must own the cluster's folder.
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe', timeout: 60_000 });
  const dir = mkdtempSync(join(tmpdir(), 'countertop-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const port = await freePort();
  const said = (error: unknown) => {
    const out = (error as { stderr?: Buffer }).stderr?.toString().trim() ?? (error as Error).message;
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
    return `${out}${log ? `\n${log}` : ''}`;
  };
  try {
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(dir, uid, gid);
    }
    run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync']);
    run(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      logFile,
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`cannot start a PostgreSQL server for the inbox tests: ${said(error)}\n(${HOW_TO_GET_ONE})`);
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test process that ends without stopping it (a failed hook, a timeout) leaves no server running.
  process.on('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: async () => stop() };
}

// Which database the inbox uses: PostgreSQL when a postgres:// URL is given (`--database`, or
// COUNTERTOP_SUPPORT_DATABASE), otherwise PGlite in a folder git ignores. PGlite does not guard its folder against a
// second process, so a lock file beside it does, and names the process that holds it.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as E from 'fp-ts/lib/Either.js';
import type { InboxDatabase } from './database';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

/** The embedded database's folder: `.countertop/inbox/` at the project's root (in .gitignore). */
export const DEFAULT_INBOX_DIR = fileURLToPath(new URL('../../.countertop/inbox', import.meta.url));

export interface DatabaseChoice {
  /** A postgres:// URL; COUNTERTOP_SUPPORT_DATABASE when absent. */
  readonly url?: string;
  /** PGlite's folder when no URL is given; DEFAULT_INBOX_DIR when absent. */
  readonly dir?: string;
  /** PostgreSQL only: a schema of its own on a shared server. */
  readonly schema?: string;
  readonly log?: (line: string) => void;
}

/** Opens the database the choice names; Left with a sentence when it cannot. */
export async function openInboxDatabase(choice: DatabaseChoice = {}): Promise<E.Either<string, InboxDatabase>> {
  const url = choice.url ?? process.env.COUNTERTOP_SUPPORT_DATABASE;
  if (url !== undefined && url !== '') {
    if (!/^postgres(ql)?:\/\//.test(url)) return E.left(`the support database must be a postgres:// URL, got "${url.slice(0, 40)}"`);
    try {
      return E.right(await openPostgres({ url, ...(choice.schema ? { schema: choice.schema } : {}), ...(choice.log ? { log: choice.log } : {}) }));
    } catch (error) {
      return E.left(`cannot open the support database at ${redactUrl(url)}: ${(error as Error).message}`);
    }
  }
  const dir = choice.dir ?? DEFAULT_INBOX_DIR;
  const lock = lockFolder(dir);
  if (E.isLeft(lock)) return lock;
  try {
    const db = await openPGlite(dir);
    return E.right({ ...db, close: () => db.close().finally(lock.right) });
  } catch (error) {
    lock.right();
    return E.left(`cannot open the support inbox's database in ${dir}: ${(error as Error).message}`);
  }
}

/** A URL as it may be printed: without its password. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/** Takes `<dir>.lock` for this process; Left naming the live process that holds it. Returns the release. */
function lockFolder(dir: string): E.Either<string, () => void> {
  const file = `${dir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      process.on('exit', release);
      return E.right(release);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return E.left(`cannot lock ${file}: ${(error as Error).message}`);
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (alive(holder))
        return E.left(
          `the support inbox's database in ${dir} is open in process ${holder} (npm start or countertop support serve); stop it first, or use PostgreSQL (COUNTERTOP_SUPPORT_DATABASE)`,
        );
      rmSync(file, { force: true }); // left by a process that ended without closing
    }
  }
  return E.left(`cannot lock ${file}`);
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

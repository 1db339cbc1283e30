// Runs the CLI as a separate process, as developers and support staff do.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const fixture = (name: string) => `${ROOT}fixtures/${name}`;

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function countertop(args: readonly string[], env: Record<string, string> = {}, input?: string): Run {
  const result = spawnSync(process.execPath, [`${ROOT}cli/bin.mjs`, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    input,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

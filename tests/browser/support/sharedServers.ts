// The run's shared servers: one built storefront with its sandbox per browser worker, started once by the global
// setup, each in a process of its own. A test file takes the one of its worker (VITEST_POOL_ID, from 1 to the
// project's maxWorkers: two files running at once never share one) and resets its sandbox to its catalog first, which
// starts the sandbox over (its state, clock, settings, faults and held calls). Starting a server costs about 2 s of
// processor time (Vite loads its config, the sandbox, the page's policy and the inbox each load their modules), which
// every browser file paid before. Sandbox lines (outbox codes, resets) go to tests/artifacts/sandbox-{n}.log.
import { fork } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ROOT } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared servers' origins, the first for VITEST_POOL_ID 1. */
    sharedServers: string[];
  }
}

const SCRIPT = new URL('./serverProcess.ts', import.meta.url);
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Starts `count` servers of `build`; the function it returns stops them. */
export async function startSharedServers(build: string, count: number): Promise<{ origins: string[]; stop: () => void }> {
  const logs = `${ROOT}tests/artifacts/`;
  mkdirSync(logs, { recursive: true });
  const started = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const log = openSync(`${logs}sandbox-${index + 1}.log`, 'w');
      const child = fork(SCRIPT, [build], { execArgv: ['--import', TSX], stdio: ['ignore', log, log, 'ipc'] });
      closeSync(log);
      const origin = await new Promise<string>((resolve, reject) => {
        child.once('message', (message) => resolve((message as { origin: string }).origin));
        child.once('exit', (code) => reject(new Error(`a shared server exited (${code}) before serving: see tests/artifacts/sandbox-${index + 1}.log`)));
      });
      return { child, origin };
    }),
  );
  return {
    origins: started.map(({ origin }) => origin),
    stop: () => {
      for (const { child } of started) if (child.connected) child.disconnect();
    },
  };
}

// `--data DIR`: the state of each catalog is kept in DIR/{catalog}.state.json, written shortly after every change
// (atomically: a temporary file renamed over the old one) and read back on start.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATE_VERSION, type SandboxState } from './state';

const SAVE_DELAY_MS = 50;

export interface Persistence {
  /** The saved state of a catalog, or null when there is none (or it is from another version). */
  load(catalogName: string): SandboxState | null;
  /** Save soon; many changes in a burst make one write. */
  schedule(state: SandboxState): void;
  /** Write now whatever is scheduled. */
  flush(): void;
}

export function stateFile(dir: string, catalogName: string): string {
  return join(dir, `${catalogName}.state.json`);
}

export function createPersistence(dir: string, log: (line: string) => void): Persistence {
  mkdirSync(dir, { recursive: true });
  let due: SandboxState | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const write = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const state = due;
    due = null;
    if (state === null) return;
    const file = stateFile(dir, state.catalogName);
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    } catch (error) {
      log(`could not save the sandbox state to ${file}: ${(error as Error).message}`);
    }
  };

  return {
    load(catalogName) {
      const file = stateFile(dir, catalogName);
      if (!existsSync(file)) return null;
      try {
        const state = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
        if (state.version !== STATE_VERSION || state.catalogName !== catalogName) {
          log(`${file} is from another sandbox version; starting from the seed`);
          return null;
        }
        return state;
      } catch (error) {
        log(`${file} could not be read (${(error as Error).message}); starting from the seed`);
        return null;
      }
    },
    schedule(state) {
      due = state;
      if (timer === null) {
        timer = setTimeout(write, SAVE_DELAY_MS);
        timer.unref();
      }
    },
    flush: write,
  };
}

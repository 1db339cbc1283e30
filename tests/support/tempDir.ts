// A folder of a test's own in the system's temporary folder, removed once it is done with: made inside a test, at the
// test's end; made at a file's or a describe's top (not in a hook, where Vitest takes no new hook), after its last
// test. A run left a dozen folders behind before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Not inside a test: Vitest refuses the hook there.
    afterAll(remove);
  }
  return dir;
}

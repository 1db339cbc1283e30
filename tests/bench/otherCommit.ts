// BENCH_AGAINST's other commit: its sources in a temporary git worktree outside node_modules (Vite leaves files under
// it untransformed), sharing this checkout's packages through a link, so it builds as this checkout does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function otherCommit(commit: string): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'countertop-against-'));
  execFileSync('git', ['worktree', 'add', '--detach', root, commit], { cwd: ROOT, stdio: 'ignore' });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return {
    root: `${root}/`,
    remove() {
      unlinkSync(join(root, 'node_modules'));
      execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT, stdio: 'ignore' });
    },
  };
}

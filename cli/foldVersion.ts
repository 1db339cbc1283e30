import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The fold's version: a hash of the events' and the rules' sources (src/events, src/domain), all a reducer can run. The
 * build gives it to the storefront (vite.config.ts), whose snapshot of the state is read by a later build only when
 * this is the same (EventStoreOptions.foldVersion): a release that changes no rule starts from it.
 */
export function foldVersion(): string {
  const hash = createHash('sha256');
  for (const folder of ['src/events', 'src/domain']) {
    const root = new URL(`../${folder}/`, import.meta.url);
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).sort();
    for (const file of files) hash.update(`${folder}/${file}\n`).update(readFileSync(new URL(file, root)));
  }
  return hash.digest('hex').slice(0, 32);
}

// The project's files, for the tests that read the source itself (the architecture's rules, the spec's messages, the
// forms and actions that must wait for the network, shared styles, the test projects).
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every file under `dir`, at any depth, whose name matches `name`: full paths, sorted, none inside node_modules. */
export function filesUnder(dir: string | URL, name: RegExp): string[] {
  const root = typeof dir === 'string' ? dir : fileURLToPath(dir);
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split(sep).includes('node_modules'))
    .sort();
}

// The inbox's one exception to its layer (tests/architecture.test.ts lets it import src/store): it reads the log file
// format (through the log's one line reader, logCheck) and redaction's placeholders, and nothing else of the store,
// whose database and fold belong to the browser.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const INBOX = fileURLToPath(new URL('../../src/inbox/', import.meta.url));

it("the inbox imports only the store's log file format, its reader and redaction", () => {
  const wrong = readdirSync(INBOX)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) =>
      [...readFileSync(join(INBOX, name), 'utf8').matchAll(/from\s+['"](\.\.\/store\/[^'"]+)['"]/g)]
        .map((match) => match[1]!)
        .filter((target) => !['../store/logFile', '../store/logCheck', '../store/redact'].includes(target))
        .map((target) => `${name} imports ${target}`),
    );
  expect(wrong).toEqual([]);
});

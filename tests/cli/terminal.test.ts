// A hostile log or catalog cannot rewrite the support person's terminal: every string the CLI prints from its input
// reaches stdout and stderr with its control characters written out (\u001b), never as the bytes a terminal obeys.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { countertop, type Run } from './support';
import { fixtureJson } from '../support/fixtureCatalog';
import { tempDir } from '../support/tempDir';

/** Sets the window title, rings the bell and clears the screen, then a C1 CSI and a right-to-left override. */
const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u009b2J\u202eOrder refunded\r';
/** Raw ESC, BEL, CR and every other C0 control but tab and newline, DEL, C1 controls and the bidirectional overrides. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const dir = tempDir('countertop-terminal-');
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

/** Neither stream holds a raw control character, and the hostile text is shown written out. */
function expectPrintable(run: Run): void {
  expect(run.stdout).not.toMatch(RAW_CONTROL);
  expect(run.stderr).not.toMatch(RAW_CONTROL);
  expect(run.stdout + run.stderr).toContain('\\u001b]0;pwned\\u0007\\u001b[2J\\u009b2J\\u202eOrder refunded\\u000d');
}

let catalogFile: string;
let logFile: string;
beforeAll(() => {
  const cafe = fixtureJson('cafe') as { Name: string; Locations: { Name: string }[] };
  cafe.Locations[0]!.Name = HOSTILE;
  catalogFile = write('hostile.json', JSON.stringify(cafe));
  const simulated = countertop(['simulate', '--catalog', catalogFile, '--events', '30', '--seed', '3']);
  expect(simulated.code).toBe(0);
  logFile = write('hostile.ndjson', simulated.stdout);
});

describe('text from a hostile catalog or log', () => {
  it('catalog show writes the location name out', () => {
    const run = countertop(['catalog', 'show', catalogFile]);
    expect(run.code).toBe(0);
    expectPrintable(run);
  });

  it.each([[[]], [['--steps']], [['--why']], [['--at', '5']]])('replay %j writes it out', (flags) => {
    const run = countertop(['replay', logFile, ...flags]);
    expect(run.code).toBe(0);
    expectPrintable(run);
  });

  it('simulate, log redact and replay --json write it out in their JSON, which still reads back the same', () => {
    const runs = [
      countertop(['simulate', '--catalog', catalogFile, '--events', '5', '--seed', '3']),
      countertop(['log', 'redact', logFile]),
      countertop(['replay', logFile, '--json', '--why']),
    ];
    for (const run of runs) {
      expect(run.code).toBe(0);
      expect(run.stdout).not.toMatch(RAW_CONTROL);
    }
    expect(runs[1]!.stdout).toContain('\\u009b2J');
    const catalogLine = JSON.parse(runs[0]!.stdout.split('\n')[1]!) as { catalog: { Locations: { Name: string }[] } };
    expect(catalogLine.catalog.Locations[0]!.Name).toBe(HOSTILE);
  });

  it('errors that quote a value write it out too', () => {
    const runs = [
      countertop(['catalog', 'show', catalogFile, '--location', HOSTILE]),
      countertop(['replay', logFile, '--at', HOSTILE]),
      countertop(['catalog', 'validate', write(`${HOSTILE.replace(/[/\r]/g, '')}.json`, '{')]),
      countertop(['catalog', 'validate', `--${HOSTILE}`]),
    ];
    for (const run of runs) {
      expect(run.code === 1 || run.code === 2).toBe(true);
      expect(run.stdout).not.toMatch(RAW_CONTROL);
      expect(run.stderr).not.toMatch(RAW_CONTROL);
      expect(run.stderr).toContain('\\u001b');
    }
  });
});

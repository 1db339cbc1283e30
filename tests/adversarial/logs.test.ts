// One reading of a log file for every reader: what `log validate` calls valid, `replay` replays and `log redact`
// redacts; what one refuses, all refuse, naming the line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { countertop } from '../cli/support';
import { tempDir } from '../support/tempDir';

const dir = tempDir('countertop-logs-');
let lines: string[];
beforeAll(() => {
  const run = countertop(['simulate', '--catalog', 'fixtures/cafe.json', '--events', '40', '--seed', '7']);
  expect(run.code).toBe(0);
  lines = run.stdout.trimEnd().split('\n');
});
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
const firstEvent = () => lines.findIndex((l) => l.includes('"kind":"event"'));
const withLines = (change: (copy: string[]) => void) => {
  const copy = [...lines];
  change(copy);
  return `${copy.join('\n')}\n`;
};
const all = (file: string) => ({
  validate: countertop(['log', 'validate', file]),
  replay: countertop(['replay', file]),
  redact: countertop(['log', 'redact', file]),
});

describe('every reader agrees on a damaged log', () => {
  const cases: [string, () => string, RegExp][] = [
    [
      'events out of order',
      () =>
        withLines((c) => {
          const i = firstEvent() + 3;
          [c[i], c[i + 1]] = [c[i + 1]!, c[i]!];
        }),
      /line \d+: event seq \d+ is not after \d+/,
    ],
    ['a repeated sequence number', () => withLines((c) => c.splice(firstEvent() + 2, 0, c[firstEvent() + 2]!)), /is not after/],
    ['a tampered catalog', () => withLines((c) => (c[1] = c[1]!.replace('"Name":"', '"Name":"X'))), /line 2: catalog content does not match its hash/],
    [
      'an event naming a catalog the file does not hold',
      () => withLines((c) => c.splice(1, 1)),
      /CatalogLoaded names catalog sha256-[0-9a-f]+, which the file does not hold/,
    ],
    [
      'an event with data null',
      () => withLines((c) => (c[firstEvent() + 1] = c[firstEvent() + 1]!.replace(/"data":\{.*\}\}$/, '"data":null}'))),
      /line \d+: \w+: data/,
    ],
    ['a version below 1', () => withLines((c) => (c[firstEvent()] = c[firstEvent()]!.replace(/"v":\d+/, '"v":-1'))), /expected a version number of 1 or more/],
    // The last event, so no later one is found out of order: the number itself must be refused.
    [
      'a sequence number of 1e300',
      () => withLines((c) => (c[c.length - 1] = c.at(-1)!.replace(/"seq":\d+/, '"seq":1e300'))),
      /^[^\n]*line 42: seq: expected a sequence number \(a whole number from 1 to 2\^53 - 1\), got 1e\+300\n$/,
    ],
    [
      'a sequence number of 0.5',
      () => withLines((c) => (c[firstEvent()] = c[firstEvent()]!.replace(/"seq":\d+/, '"seq":0.5'))),
      /seq: expected a sequence number/,
    ],
    ['a header and no events', () => `${lines[0]}\n`, /^[^\n]*line 2: expected an event; the log ends without one\n$/],
    ['a header, a catalog and no events', () => `${lines.slice(0, 2).join('\n')}\n`, /line 3: expected an event; the log ends without one/],
  ];
  it.each(cases)('%s: validate, replay and redact all refuse it with the line', (_name, text, message) => {
    const runs = all(write(`${_name.replace(/\W+/g, '-')}.ndjson`, text()));
    for (const run of Object.values(runs)) {
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('an empty file is refused by all three', () => {
    for (const run of Object.values(all(write('empty.ndjson', '')))) {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('line 1: the file is empty');
    }
  });

  it('a wrong root type is one line, not the schema it failed', () => {
    const run = countertop(['log', 'validate', write('root.ndjson', '[1,2,3]\n')]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^[^\n]*line 1: expected a JSON object, got an array$/);
  });

  it('a byte-order mark before the header is accepted, and a leading blank line is counted as the line it is', () => {
    expect(countertop(['log', 'validate', write('bom.ndjson', `\uFEFF${lines.join('\n')}\n`)]).code).toBe(0);
    const blank = countertop(['log', 'validate', write('blank.ndjson', `\n${withLines((c) => (c[1] = '{'))}`)]);
    expect(blank.code).toBe(1);
    expect(blank.stderr).toMatch(/line 3: not valid JSON/);
  });

  it('a sound log is valid, replays and redacts', () => {
    for (const run of Object.values(all(write('sound.ndjson', `${lines.join('\n')}\n`)))) expect(run.code).toBe(0);
  });
});

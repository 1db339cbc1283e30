import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { countertop, fixture } from './support';
import { tempDir } from '../support/tempDir';

const dir = tempDir('countertop-replay-');
const logPath = join(dir, 'session.ndjson');

beforeAll(() => {
  const run = countertop(['simulate', '--catalog', fixture('pizza-chain.json'), '--config', fixture('config.json'), '--events', '400', '--seed', '42']);
  expect(run.code).toBe(0);
  writeFileSync(logPath, run.stdout);
});

describe('countertop simulate', () => {
  it('writes the same log for the same seed, and a header, the catalog, then exactly N events', () => {
    const again = countertop(['simulate', '--catalog', fixture('pizza-chain.json'), '--config', fixture('config.json'), '--events', '400', '--seed', '42']);
    expect(again.stdout).toBe(readFileSync(logPath, 'utf8'));
    const lines = again.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind?: string; format?: string; type?: string; data?: { locationId?: string } });
    expect(lines[0]!.format).toBe('countertop-log');
    expect(lines[1]!.kind).toBe('catalog');
    expect(lines.slice(2)).toHaveLength(400);
    const types = new Set(lines.map((l) => l.type));
    for (const type of ['BagLineAdded', 'LocationSelected', 'InventoryUpdated', 'OrderPlaced', 'OrderPlacementFailed']) expect(types).toContain(type);
    // The configuration excludes the test kitchen, so a shopper never selects it.
    expect(lines.some((l) => l.type === 'LocationSelected' && l.data?.locationId === 'chain-test-kitchen')).toBe(false);
  });
});

describe('countertop replay', () => {
  it('gives byte-identical output in Asia/Tokyo and America/Chicago, in JSON and in text', () => {
    for (const args of [
      ['replay', logPath, '--json'],
      ['replay', logPath],
      ['replay', logPath, '--steps'],
    ]) {
      const tokyo = countertop(args, { TZ: 'Asia/Tokyo', LANG: 'ja_JP.UTF-8' });
      const chicago = countertop(args, { TZ: 'America/Chicago', LANG: 'en_US.UTF-8' });
      expect(tokyo.code).toBe(0);
      expect(tokyo.stdout).toBe(chicago.stdout);
    }
  });

  it('describes the bag, totals, fulfillment, pickup, last order and warnings', () => {
    const out = countertop(['replay', logPath]).stdout;
    for (const label of ['Location:', 'Bag:', 'Fulfillment:', 'Pickup:', 'Card:', 'Place Order:', 'Last order:']) expect(out).toContain(label);
  });

  it('--steps prints one line per event with its time, type, item count and total', () => {
    const lines = countertop(['replay', logPath, '--steps'])
      .stdout.split('\n')
      .filter((l) => l.startsWith('#'));
    expect(lines).toHaveLength(400);
    expect(lines[0]).toMatch(/^#1\s+2026-11-18T15:00:00\.000Z SessionStarted\s+items=0/);
    expect(lines.some((l) => /OrderPlacementFailed .* total=\$[\d.,]+ +\S/.test(l))).toBe(true);
  });

  it('--at shows the state at a moment, stopping before later events', () => {
    const json = JSON.parse(countertop(['replay', logPath, '--json', '--at', '2026-11-18T15:30:00Z']).stdout) as {
      state: { log: { lastAt: string; events: number } };
    };
    expect(Date.parse(json.state.log.lastAt)).toBeLessThanOrEqual(Date.parse('2026-11-18T15:30:00Z'));
    expect(json.state.log.events).toBeLessThan(400);
  });

  it('names the line number of a corrupt line and exits 1', () => {
    const lines = readFileSync(logPath, 'utf8').split('\n');
    lines[9] = '{"kind":"event","seq":8,"id":"x","type":"BagLineAdded","v":1,"at":"2026-11-18T15:00:00Z","data":{"line":{}}}';
    const broken = join(dir, 'broken.ndjson');
    writeFileSync(broken, lines.join('\n'));
    const run = countertop(['replay', broken]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/line 10: /);
    const validate = countertop(['log', 'validate', broken]);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toMatch(/line 10: /);
  });
});

describe('countertop replay of a session', () => {
  it('says who was signed in and whether the account was verified', () => {
    const lines = readFileSync(logPath, 'utf8').split('\n').slice(0, 2);
    const at = (n: number) => `2026-11-18T15:0${n}:00.000Z`;
    const event = (seq: number, type: string, data: unknown) => JSON.stringify({ kind: 'event', seq, id: `e${seq}`, type, v: 1, at: at(seq), data });
    const ada = { userId: 'user-ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '2125550100' };
    const file = join(dir, 'account.ndjson');
    const write = (events: string[]) => writeFileSync(file, [...lines, ...events].join('\n'));
    write([
      event(1, 'SessionStarted', { idempotencyKey: 'k1', appVersion: 'test' }),
      event(2, 'SignedIn', ada),
      event(3, 'AccountStatusLoaded', { verified: false, textNotificationOptIn: true, customerSince: null }),
    ]);
    expect(countertop(['replay', file]).stdout).toContain('Signed in: Ada Lovelace (user-ada), not verified');
    write([
      event(1, 'SessionStarted', { idempotencyKey: 'k1', appVersion: 'test' }),
      event(2, 'SignedIn', ada),
      event(3, 'AccountStatusLoaded', { verified: false, textNotificationOptIn: true, customerSince: null }),
      event(4, 'AccountVerified', {}),
    ]);
    expect(countertop(['replay', file]).stdout).toContain('Signed in: Ada Lovelace (user-ada), verified');
    write([
      event(1, 'SessionStarted', { idempotencyKey: 'k1', appVersion: 'test' }),
      event(2, 'SignedIn', ada),
      event(3, 'LoggedOut', { idempotencyKey: 'k2' }),
    ]);
    expect(countertop(['replay', file]).stdout).toContain('Signed in: no (guest)');
  });
});

describe('countertop log', () => {
  it('validate summarises a good log', () => {
    const run = countertop(['log', 'validate', logPath]);
    expect([run.code, run.stdout.trim()]).toEqual([0, `${logPath}: valid log, 400 events, 1 catalog snapshot`]);
  });

  it('redact replaces personal data but keeps what the replay needs', () => {
    const redacted = join(dir, 'redacted.ndjson');
    const run = countertop(['log', 'redact', logPath]);
    expect(run.code).toBe(0);
    writeFileSync(redacted, run.stdout);
    const events = run.stdout
      .split('\n')
      .filter((l) => l.startsWith('{"kind":"event"'))
      .join('\n');
    expect(events).not.toMatch(/@example\.com|Lovelace|Hopper/);
    const a = JSON.parse(countertop(['replay', logPath, '--json']).stdout) as { state: { bag: unknown } };
    const b = JSON.parse(countertop(['replay', redacted, '--json']).stdout) as { state: { bag: unknown } };
    expect(b.state.bag).toEqual(a.state.bag);
  });

  it('validate, redact and replay read a log with CRLF or lone CR line ends, or no final newline, as the same lines', () => {
    const text = readFileSync(logPath, 'utf8');
    const redacted = countertop(['log', 'redact', logPath]).stdout;
    const replayed = countertop(['replay', logPath]).stdout.split('\n').slice(1).join('\n');
    for (const [name, variant] of [
      ['crlf', text.replaceAll('\n', '\r\n')],
      ['cr', text.replaceAll('\n', '\r')],
      ['unended', text.slice(0, -1)],
    ] as const) {
      const file = join(dir, `${name}.ndjson`);
      writeFileSync(file, variant);
      expect(countertop(['log', 'validate', file]).stdout).toBe(`${file}: valid log, 400 events, 1 catalog snapshot\n`);
      expect(countertop(['log', 'redact', file]).stdout).toBe(redacted);
      expect(countertop(['replay', file]).stdout.split('\n').slice(1).join('\n')).toBe(replayed);
    }
  });
});

describe('countertop check', () => {
  it('runs every rule property against the fixtures and says they hold', () => {
    const run = countertop(['check', '--runs', '15']);
    expect(run.stdout).toContain('All properties hold.');
    expect(run.code).toBe(0);
    for (const group of ['pricing and discounts', 'tip', 'pickup slots', 'modifier rules and stock', 'locations', 'event log'])
      expect(run.stdout).toContain(group);
  });

  it('rejects a bad run count as usage', () => {
    expect(countertop(['check', '--runs', 'many']).code).toBe(2);
  });
});

// Bad input gets one clear line and exit 1 from the CLI, a 4xx from the API: never a stack trace, a 500 or a hang.
// Cases found by hand first, then a bounded fuzz of the decoders and the API's bodies.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../../src/domain/codec';
import { MAX_PREP_TIME_MS, parseCatalog } from '../../src/domain/catalog/catalogIndex';
import { prepTimeMillis } from '../../src/domain/time/duration';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';
import { readLogLine } from '../../src/store/logFile';
import { countertop } from '../cli/support';
import { fixtureJson } from '../support/fixtureCatalog';
import { CLIENT_ID, useSandbox } from '../sandbox/support';
import { tempDir } from '../support/tempDir';

const dir = tempDir('countertop-bad-');
const cafe = fixtureJson('cafe') as {
  Locations: { Taxes?: { Percentage: string }[]; Categories?: { Items: { Variations: { Id: string }[] }[] }[] }[];
  Categories?: { Items: { Variations: { Id: string }[] }[] }[];
};
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** One line, no stack frames. */
const oneClearLine = (text: string) => {
  expect(text.trim().split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at |RangeError|Maximum call stack/);
};

describe('the CLI on hostile files', () => {
  it('refuses 20,000 levels of nesting in a catalog with one line and exit 1', () => {
    const run = countertop(['catalog', 'validate', write('deep.json', nested(20_000))]);
    expect(run.code).toBe(1);
    oneClearLine(run.stderr);
    expect(run.stderr).toContain('nested deeper than');
  });

  it('names the line of a log line nested 20,000 levels deep', () => {
    const header = JSON.stringify({ format: 'countertop-log', version: 1, appVersion: 'test', createdAt: '2026-03-01T00:00:00Z', redacted: false });
    const run = countertop(['log', 'validate', write('deep.ndjson', `${header}\n${nested(20_000)}\n`)]);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/line 2/);
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at |Maximum call stack/);
  });

  it('refuses two variations with one id in one item, naming the path', () => {
    const copy = structuredClone(cafe);
    const categories = copy.Locations[0]!.Categories ?? copy.Categories!;
    const item = categories.find((c) => c.Items.some((i) => i.Variations.length > 1))!.Items.find((i) => i.Variations.length > 1)!;
    item.Variations[1]!.Id = item.Variations[0]!.Id;
    const run = countertop(['catalog', 'validate', write('dup.json', JSON.stringify(copy))]);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/Variations\[1\]\.Id: expected a variation id used once in the item/);
  });

  /** The cafe with one change to its only location. */
  const cafeWith = (name: string, change: (location: Record<string, unknown>) => void) => {
    const copy = structuredClone(cafe) as unknown as { Locations: Record<string, unknown>[] };
    change(copy.Locations[0]!);
    return write(name, JSON.stringify(copy));
  };

  it.each([
    [
      'a prep time of 99,999,999,999,999,999,999 hours',
      cafeWith('prep.json', (l) => (l.PrepTime = 'PT99999999999999999999H')),
      'Locations[0].PrepTime: expected a prep time of at most 7 days (P7D), got "PT99999999999999999999H"',
    ],
    [
      'a prep time past a week',
      cafeWith('week.json', (l) => (l.PrepTime = 'P8D')),
      'Locations[0].PrepTime: expected a prep time of at most 7 days (P7D), got "P8D"',
    ],
    [
      'a tipping maximum of -5',
      cafeWith('tip.json', (l) => (l.Tipping = { MaximumPercentage: -5 })),
      'Locations[0].Tipping.MaximumPercentage: expected a number of 0 or more, got -5',
    ],
    [
      'a delivery radius of -1',
      cafeWith('radius.json', (l) => (l.Fulfillments = { Delivery: { Enabled: true, Radius: -1 } })),
      'Locations[0].Fulfillments.Delivery.Radius: expected a number of 0 or more, got -1',
    ],
    ['no locations', write('none.json', JSON.stringify({ ...cafe, Locations: [] })), 'Locations: expected at least one location, got []'],
  ])('catalog validate refuses %s in one line naming the path and the value', (_name, file, message) => {
    const run = countertop(['catalog', 'validate', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${file}: ${message}\n`);
  });

  it('price takes a modifier list with the id "__proto__" like any other', () => {
    const catalog = JSON.parse(JSON.stringify(cafe).replaceAll('"milk"', '"__proto__"')) as unknown;
    const file = write('proto.json', JSON.stringify(catalog));
    const plain = write('plain-cart.json', JSON.stringify({ items: [{ itemId: 'latte', variationId: 'latte-small', quantity: 1 }] }));
    const chosen = write('proto-cart.json', '{"items":[{"itemId":"latte","variationId":"latte-small","quantity":1,"modifiers":{"__proto__":["milk-oat"]}}]}');
    const runs = [plain, chosen].map((cart) => countertop(['price', '--catalog', file, '--location', 'cafe-hudson', '--cart', cart]));
    expect(runs.map((run) => [run.code, run.stderr])).toEqual([
      [0, ''],
      [0, ''],
    ]);
    expect(runs[1]!.stdout).toContain('1 x Latte, Small (12 oz) [Oat milk]');
    expect(runs[1]!.stdout).toMatch(/Total\s+\$5\.44/);
  });

  describe('log to-test --out', () => {
    const log = () => {
      const simulated = countertop(['simulate', '--catalog', 'fixtures/cafe.json', '--events', '5', '--seed', '1']);
      return write('five.ndjson', simulated.stdout);
    };

    it.each([
      ['a directory', () => dir, 'is a directory; name the test file to write'],
      ['a file under /proc', () => '/proc/self/oom_score_adj', 'is under /proc, not a place for a test file'],
      ['a new file under /proc', () => '/proc/self/regression.test.ts', 'is under /proc, not a place for a test file'],
      ['a pipe', () => '/proc/self/fd/0', 'is not a regular file'],
      ['a device', () => '/dev/null', 'is not a regular file'],
    ])('refuses %s in one line, at once', (_name, out, message) => {
      const started = Date.now();
      // stdin a pipe nobody reads: writing a test there would block on a full pipe.
      const run = countertop(['log', 'to-test', log(), '--at', '3', '--out', out()], {}, '');
      expect([run.code, run.stderr]).toEqual([1, `--out ${out()}: ${message}\n`]);
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });

  it.each([
    ['+275760-09-13T00:00:00Z', '--start: expected an ISO-8601 UTC instant like 2026-11-18T15:00:00Z, got "+275760-09-13T00:00:00Z"'],
    ['9999-12-31T20:00:00Z', '--start: the session reached the year 9999 after 4 of 50 events; start earlier'],
  ])('simulate --start %s is a usage error in one line', (start, message) => {
    const run = countertop(['simulate', '--catalog', 'fixtures/cafe.json', '--events', '50', '--seed', '1', '--start', start]);
    expect([run.code, run.stderr, run.stdout]).toEqual([2, `${message}\n`, '']);
  });

  it('refuses a tax percentage of 5,000 digits instead of crashing the pricing', () => {
    const copy = structuredClone(cafe);
    copy.Locations[0]!.Taxes![0]!.Percentage = '9'.repeat(5000);
    const run = countertop(['catalog', 'validate', write('tax.json', JSON.stringify(copy))]);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/Percentage: expected decimal string from 0 to 100/);
    expect(run.stdout + run.stderr).not.toMatch(/BigInt|\n\s+at /);
  });
});

describe('the decoders, fuzzed', () => {
  it('the depth check agrees with a parse of random JSON and never counts brackets inside strings', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), (text) => {
        const parsed: unknown = JSON.parse(text);
        const depth = (v: unknown): number => (typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0);
        return jsonDepthExceeds(text, depth(parsed)) === false && (depth(parsed) === 0 || jsonDepthExceeds(text, depth(parsed) - 1));
      }),
      { numRuns: 300 },
    );
  });

  it('a catalog or a log line of any text gives problems, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.integer({ min: 1, max: 5000 }).map(nested)), (text) => {
        const catalog = parseCatalog(text);
        const line = readLogLine(text, 7, false);
        return (E.isLeft(catalog) || E.isRight(catalog)) && (E.isLeft(line) ? line.left.startsWith('line 7:') : true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('catalog numbers and log sequence numbers, fuzzed', () => {
  const duration = fc.oneof(
    fc.constantFrom('PT99999999999999999999H', 'P8D', 'P7D', 'PT0S', 'P1Y', 'PT1.5H', '-PT5M'),
    fc.tuple(fc.nat({ max: 40 }), fc.bigInt({ min: 0n, max: 10n ** 25n })).map(([d, h]) => `P${d}DT${h}H`),
  );
  // JSON has no NaN or Infinity (they are written as null, which reads as absent).
  const number = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.constantFrom(-1, -5, 0, 1e300, -0));

  it('a catalog with any prep time, tipping maximum, tip choice or radius is refused in lines, or accepted within bounds and scheduled, never a throw', () => {
    fc.assert(
      fc.property(duration, number, number, number, (prep, max, choice, radius) => {
        const copy = structuredClone(cafe) as unknown as { Locations: Record<string, unknown>[] };
        Object.assign(copy.Locations[0]!, {
          PrepTime: prep,
          Tipping: { MaximumPercentage: max, CustomPercentages: [choice] },
          Fulfillments: { Pickup: { Enabled: true }, Delivery: { Enabled: true, Radius: radius } },
        });
        const parsed = parseCatalog(JSON.stringify(copy));
        if (E.isLeft(parsed)) return parsed.left.every((line) => !line.includes('\n'));
        const location = parsed.right.locations[0]!;
        const schedule = pickupSchedule(location, Date.parse('2026-11-18T15:00:00Z'));
        return prepTimeMillis(location) <= MAX_PREP_TIME_MS && schedule.today === '2026-11-18' && max >= 0 && choice >= 0 && radius >= 0;
      }),
      { numRuns: 300 },
    );
  });

  it('an event line takes a sequence number only when it counts exactly from 1, and names the line otherwise', () => {
    fc.assert(
      fc.property(fc.oneof(number, fc.constantFrom(2 ** 53, 2 ** 53 - 1, 1, 0.5, '1', null)), (seq) => {
        const line = readLogLine(JSON.stringify({ kind: 'event', seq, id: 'e', type: 'TipReset', v: 1, at: '2026-11-18T15:00:00Z', data: {} }), 9, false);
        const counts = typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 1;
        return counts ? E.isRight(line) : E.isLeft(line) && line.left.startsWith('line 9: seq: expected a sequence number');
      }),
      { numRuns: 300 },
    );
  });
});

describe('the API on hostile bodies', () => {
  const running = useSandbox({ catalog: 'cafe' }, { resetEach: false });
  const send = (path: string, body: string, method = 'POST') =>
    fetch(`${running.apiBase}/${path}`, { method, headers: { 'Content-Type': 'application/json', 'X-Client-Id': CLIENT_ID }, body });

  it('answers 400 to a body nested 20,000 levels deep, and 405 with a body to a wrong method', async () => {
    const deep = await send('Order/Preview', `{"a":${nested(20_000)}}`);
    expect(deep.status).toBe(400);
    expect(await deep.text()).toContain('nested deeper than');
    const wrong = await fetch(`${running.apiBase}/Delivery/Address/Delete`, { method: 'POST', headers: { 'X-Client-Id': CLIENT_ID } });
    expect(wrong.status).toBe(405);
    expect(await wrong.json()).toEqual(['Request - METHOD_NOT_ALLOWED', 'POST /api/Delivery/Address/Delete is not allowed']);
  });

  it('answers any body to any call with a 2xx or a 4xx, never a 500', async () => {
    const paths = [
      'Order/Preview',
      'Order/GuestPlace',
      'Order/GuestOrderStatus',
      'Account/Login',
      'Account/Register',
      'Account/SendLoginCode',
      'Catalog',
      'Inventory/List',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.oneof(fc.json(), fc.string()), async (path, body) => {
        const answer = await send(path, body);
        await answer.arrayBuffer();
        return answer.status < 500;
      }),
      { numRuns: 120 },
    );
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countertop, fixture } from './support';
import { tempDir } from '../support/tempDir';

const dir = tempDir('countertop-cli-');
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

describe('countertop catalog', () => {
  it('validate prints a one-line summary and exits 0 for every fixture', () => {
    for (const name of ['cafe.json', 'pizza-chain.json', 'retail.json']) {
      const run = countertop(['catalog', 'validate', fixture(name)]);
      expect(run.code).toBe(0);
      expect(run.stdout.trim().split('\n')).toHaveLength(1);
    }
    expect(countertop(['catalog', 'validate', fixture('cafe.json')]).stdout).toContain(
      'valid catalog "Bluebird Coffee": 1 location, 4 categories, 9 items, 16 variations',
    );
  });

  it('validate exits 1 with one line per problem, naming the path and the value', () => {
    const run = countertop(['catalog', 'validate', fixture('broken/bad-hours.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`${fixture('broken/bad-hours.json')}: Locations[0].Hours[2].Opens: expected HH:mm:ss, got "25:00"`);
    expect(
      countertop(['catalog', 'validate', fixture('broken/wrong-types.json')])
        .stderr.trim()
        .split('\n'),
    ).toHaveLength(4);
  });

  it('reports an unreadable file and bad JSON in one line with exit 1, and bad usage with exit 2', () => {
    const missing = countertop(['catalog', 'validate', join(dir, 'nope.json')]);
    expect([missing.code, missing.stderr.trim()]).toEqual([1, `${join(dir, 'nope.json')}: cannot read (no such file)`]);
    const notJson = countertop(['catalog', 'validate', fixture('broken/not-json.json')]);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/expected JSON, got a syntax error at line 2, column 1/);
    expect(countertop(['catalog', 'validate']).code).toBe(2);
    expect(countertop(['catalog', 'frobnicate']).code).toBe(2);
    expect(countertop(['slots', '--catalog', fixture('cafe.json'), '--location', 'cafe-hudson', '--now', 'yesterday']).code).toBe(2);
  });

  it('show lists categories in sort order with prices or ranges, modifier rules and hours', () => {
    const run = countertop(['catalog', 'show', fixture('cafe.json')]);
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out.indexOf('    Coffee')).toBeLessThan(out.indexOf('    Tea'));
    expect(out).toContain('Latte  $4.25 - $5.45');
    expect(out).toContain('Milk* [choose 1, radio]: Whole milk (default), Skim milk, Oat milk (+$0.75), Almond milk (+$0.75, out of stock)');
    expect(out).toContain('Extras [choose 0 to 3, checkbox]');
    expect(out).toMatch(/Monday\s+7:00 AM - 7:00 PM/);
    expect(out).toContain('Seasonal (no items: not shown)');
  });

  it('show --location names the unknown location and the ones that exist', () => {
    const run = countertop(['catalog', 'show', fixture('pizza-chain.json'), '--location', 'nowhere']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no location "nowhere" (locations: chain-brooklyn, chain-chicago, chain-denver, chain-silverlake, chain-test-kitchen)');
  });
});

describe('countertop price', () => {
  const cart = file('cart.json', {
    items: [
      { itemId: 'latte', variationId: 'latte-medium', quantity: 2, modifiers: { milk: ['milk-oat'], extras: ['extra-shot', 'extra-vanilla'] } },
      { itemId: 'croissant', variationId: 'croissant-each', quantity: 1 },
    ],
    coupon: { Id: 'coupon-welcome', Name: 'Welcome', Type: 'EntireOrder', Percentage: '10', MaximumMoney: 500 },
    tipAmount: 200,
  });

  it('prints the preview shape with --json, and the totals identity holds', () => {
    const run = countertop(['price', '--catalog', fixture('cafe.json'), '--location', 'cafe-hudson', '--cart', cart, '--json']);
    expect(run.code).toBe(0);
    const preview = JSON.parse(run.stdout) as {
      subTotal: number;
      totalDiscounts: number;
      totalTaxes: number;
      totalTips: number;
      grandTotal: number;
      lineItems: Record<string, { grossSales: number }>;
    };
    // (4.95 + 0.75 + 1.00 + 0.60) x 2 + 3.75 = 18.35; 10% off = 1.83 (truncated); tax 8.875% of 16.52 = 1.466 -> 1.47.
    expect(preview).toMatchObject({ subTotal: 1835, totalDiscounts: 183, totalTaxes: 147, totalTips: 200, grandTotal: 1999 });
    expect(preview.lineItems['line-1']!.grossSales).toBe(1460);
    expect(preview.subTotal - preview.totalDiscounts + preview.totalTaxes + preview.totalTips).toBe(preview.grandTotal);
  });

  it('takes --tip as money input and warns when it is above the maximum', () => {
    const run = countertop(['price', '--catalog', fixture('cafe.json'), '--location', 'cafe-hudson', '--cart', cart, '--tip', '9.999']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Tip\s+\$9\.99/);
    expect(run.stderr).toContain('Tip Amount must not exceed $4.49');
  });

  it('names the cart line that refers to something the location does not sell', () => {
    const bad = file('bad-cart.json', { items: [{ itemId: 'latte', variationId: 'latte-venti', quantity: 1 }] });
    const run = countertop(['price', '--catalog', fixture('cafe.json'), '--location', 'cafe-hudson', '--cart', bad]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/line 1 .*latte-venti/);
  });

  it('prices an inclusive tax without changing the total, and a Total-phase tax on top of the Subtotal one', () => {
    const slice = file('slice.json', { items: [{ itemId: 'cheese-slice', variationId: 'cheese-slice-each', quantity: 4 }] });
    const la = JSON.parse(countertop(['price', '--catalog', fixture('pizza-chain.json'), '--location', 'chain-silverlake', '--cart', slice, '--json']).stdout);
    expect(la).toMatchObject({ subTotal: 1900, totalTaxes: 0, grandTotal: 1900 });
    expect(la.totalInclusiveTaxes).toBe(165); // 1900 x 9.5 / 109.5 = 164.8
    const chi = JSON.parse(countertop(['price', '--catalog', fixture('pizza-chain.json'), '--location', 'chain-chicago', '--cart', slice, '--json']).stdout);
    // 10.25% of 15.00 = 1.5375 -> 1.54; 0.5% of (15.00 + 1.54) = 0.0827 -> 0.08.
    expect(chi).toMatchObject({ subTotal: 1500, totalTaxes: 162, grandTotal: 1662 });
  });
});

describe('countertop slots', () => {
  it('prints open, ASAP and days as JSON with instants and local labels', () => {
    const run = countertop(['slots', '--catalog', fixture('cafe.json'), '--location', 'cafe-hudson', '--now', '2026-11-18T15:00:00Z', '--json']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      open: boolean;
      asap: { at: string; label: string };
      days: { date: string; slots: { at: string; label: string }[] }[];
    };
    expect(out.open).toBe(true);
    expect(out.asap).toEqual({ at: '2026-11-18T15:10:00Z', label: '10:10 AM' });
    expect(out.days).toHaveLength(7);
    expect(out.days[0]!.slots[0]).toEqual({ at: '2026-11-18T15:15:00Z', label: '10:15 AM' });
    expect(out.days[0]!.slots.at(-1)).toEqual({ at: '2026-11-18T23:45:00Z', label: '6:45 PM' });
  });

  it('offers only scheduled times while the location is closed', () => {
    const out = JSON.parse(
      countertop(['slots', '--catalog', fixture('cafe.json'), '--location', 'cafe-hudson', '--now', '2026-11-18T02:00:00Z', '--json']).stdout,
    );
    expect(out.open).toBe(false);
    expect(out.asap).toBeNull();
    expect(out.days[0].slots[0]).toEqual({ at: '2026-11-18T12:00:00Z', label: '7:00 AM' });
  });
});

describe('countertop lookup', () => {
  it('prints the state of a ZIP code, keeping leading zeros', () => {
    expect(countertop(['lookup', 'zip', '00601']).stdout.trim()).toBe('PR');
    expect(countertop(['lookup', 'zip', '34034']).stdout.trim()).toBe('AA');
    expect(countertop(['lookup', 'zip', '73301']).stdout.trim()).toBe('TX');
  });

  it('exits 1 with a message for an unknown ZIP code', () => {
    const run = countertop(['lookup', 'zip', '00000']);
    expect([run.code, run.stderr.trim()]).toEqual([1, 'no state is known for ZIP code 00000']);
  });

  it('formats a phone number nationally, or prints the spec message with exit 1', () => {
    expect(countertop(['lookup', 'phone', '+1 213 373 4253']).stdout.trim()).toBe('(213) 373-4253');
    const bad = countertop(['lookup', 'phone', '555']);
    expect([bad.code, bad.stderr.trim()]).toEqual([1, 'Phone Number is not valid']);
  });
});

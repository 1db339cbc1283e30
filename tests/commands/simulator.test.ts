// The simulator shops through the commands' own decisions, so it cannot drift from them: what the storefront
// would refuse it cannot append, and what it places is what the storefront would send.
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { simulateSession } from '../../cli/simulate/simulateSession';
import type { EventDraft } from '../../src/events/catalogue';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { replayText } from '../../src/store/replay';
import { fixtureCatalog, fixtureJson } from '../support/fixtureCatalog';

const cafe = fixtureCatalog('cafe');
const PREP = 10 * 60_000;

function drafts(seed: number, config?: { QueueOrders?: boolean }): readonly EventDraft[] {
  return simulateSession({ catalog: cafe, hash: 'cafe', events: 1500, seed, ...(config ? { config } : {}) }).drafts;
}

const ofType = <T extends EventDraft['type']>(list: readonly EventDraft[], type: T) =>
  list.filter((d): d is Extract<EventDraft, { type: T }> => d.type === type);

describe('the simulated shopper', () => {
  it('places every order with the pickup instant the storefront sends: ASAP is the moment plus the prep time, never empty', () => {
    const starts = [1, 2, 3].flatMap((seed) => ofType(drafts(seed), 'OrderPlacementStarted'));
    expect(starts.length).toBeGreaterThan(10);
    for (const start of starts) {
      expect(start.data.pickupAt).not.toBeNull();
      expect(Date.parse(start.data.pickupAt!)).toBeGreaterThanOrEqual(Date.parse(start.at) + PREP);
    }
  });

  it('queues its orders when the configuration says so, and not otherwise', () => {
    expect(ofType(drafts(4, { QueueOrders: true }), 'OrderPlacementStarted').every((d) => d.data.queued)).toBe(true);
    expect(ofType(drafts(4), 'OrderPlacementStarted').some((d) => d.data.queued)).toBe(false);
  });

  it('never applies a coupon past its expiry', () => {
    const applied = [5, 6, 7].flatMap((seed) => ofType(drafts(seed), 'CouponApplied'));
    expect(applied.length).toBeGreaterThan(0);
    for (const d of applied) if (d.data.coupon.ExpiresAt) expect(Date.parse(d.data.coupon.ExpiresAt)).toBeGreaterThanOrEqual(Date.parse(d.at));
  });

  it('never sets a tip above the maximum, nor selects a card it does not have', () => {
    const log = drafts(8);
    expect(ofType(log, 'TipSet').length).toBeGreaterThan(0);
    const known = new Set<string>();
    for (const d of log) {
      if (d.type === 'CardAdded') known.add(d.data.card.key);
      if (d.type === 'SavedCardsLoaded') d.data.cards.forEach((c) => known.add(c.key));
      if (d.type === 'CardSelected') expect(known.has(d.data.card.key)).toBe(true);
    }
  });

  it('writes a log that replays, through the reducers the CLI replays with, to the state it reports', async () => {
    const names = ['cafe', 'pizza-chain', 'retail', 'retail-phone'];
    const catalogs = new Map(
      await Promise.all(
        names.map(async (name) => {
          const text = catalogText(fixtureJson(name));
          return [name, { catalog: fixtureCatalog(name), text, hash: await hashText(text) }] as const;
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 3, max: 400 }),
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') }),
        async (name, seed, events, start) => {
          const { catalog, text, hash } = catalogs.get(name)!;
          const simulation = simulateSession({ catalog, hash, events, seed, start });
          // As `countertop simulate` writes it.
          const lines = [headerLine('test', new Date(start).toISOString(), false), catalogLine(hash, text)];
          simulation.drafts.forEach((d, i) => lines.push(eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })));
          const replayed = await replayText([`${lines.join('\n')}\n`]);
          if (E.isLeft(replayed)) throw new Error(replayed.left);
          expect(replayed.right.state.log.events).toBe(simulation.drafts.length);
          expect(replayed.right.state).toEqual(simulation.state);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

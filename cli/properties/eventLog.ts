// Laws of the event log over random shopper sessions (the simulator's, through the commands' decisions), checked
// after every event: reducers never throw; every decided event changes something; no line is empty, fractional, above stock or unsellable at its location; at most one discount; the totals
// identity holds; a tip never exceeds its maximum; the rules' memos change nothing; a snapshot taken anywhere resumes to
// the same state.
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import { lineValidAt } from '../../src/domain/items/lineValidity';
import { availableStock } from '../../src/domain/items/stock';
import { tipExceedsMaximum } from '../../src/domain/tip';
import type { DomainEvent } from '../../src/events/catalogue';
import { contextOf, currentLocation, type ReduceContext } from '../../src/events/context';
import { decodeEvent } from '../../src/events/envelope';
import { fold, reduceUnguarded } from '../../src/events/reduce';
import { bagView } from '../../src/events/selectors/bag';
import { initialState, type State } from '../../src/events/state';
import { simulateSession } from '../simulate/simulateSession';
import { ruleProperty, type RuleProperty } from './ruleProperty';

interface Session {
  readonly events: readonly DomainEvent[];
  readonly ctx: ReduceContext;
}

function sessionArb(catalogs: readonly CatalogIndex[], maxEvents: number): fc.Arbitrary<Session> {
  const usable = catalogs.filter((c) => c.locations.length > 0);
  return fc
    .record({
      catalog: fc.constantFrom(...usable),
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      events: fc.integer({ min: 3, max: maxEvents }),
      start: fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') }),
    })
    .map(({ catalog, seed, events, start }) => {
      const hash = 'catalog-under-test';
      const { drafts } = simulateSession({ catalog, hash, events, seed, start });
      const decoded = drafts.map((d, i) => {
        const result = decodeEvent(d, i + 1);
        if (E.isLeft(result) || result.right.kind !== 'event') throw new Error(`simulator wrote an invalid ${d.type}`);
        return result.right.event;
      });
      return { events: decoded, ctx: contextOf(new Map([[hash, catalog]])) };
    });
}

/** Every broken invariant of a state, as sentences (empty when all hold). */
export function stateViolations(state: State, ctx: ReduceContext): string[] {
  const problems: string[] = [];
  const location = currentLocation(state, ctx);
  if (state.bag.lines.length > 0 && !location) problems.push('bag has lines but no location');
  const used = new Map<string, number>();
  for (const line of state.bag.lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) problems.push(`line ${line.key} has quantity ${line.quantity}`);
    if (location && !lineValidAt(location, line)) problems.push(`line ${line.key} is not sellable at ${location.location.Id}`);
    used.set(line.variationId, (used.get(line.variationId) ?? 0) + line.quantity);
  }
  if (location && state.inventory.locationId === state.locationId) {
    for (const [variationId, quantity] of used) {
      const entry = location.variations.get(variationId);
      if (entry && quantity > availableStock(state.inventory.counts, entry.variation)) problems.push(`${quantity} of ${variationId} in the bag, above stock`);
    }
  }
  const view = bagView(state, ctx);
  if (location && view.preview) {
    const p = view.preview;
    if (p.subTotal - p.totalDiscounts + p.totalTaxes + p.totalTips !== p.grandTotal) problems.push('totals identity broken');
    if (state.bag.tip.amount > 0 && tipExceedsMaximum(state.bag.tip.amount, location.location, p))
      problems.push(`tip ${state.bag.tip.amount} above the maximum`);
  }
  if (location && state.bag.lines.length > 0 && !view.preview) problems.push(`the bag does not price: ${view.problems.join('; ')}`);
  return problems;
}

export const eventLogProperties: readonly RuleProperty[] = [
  ruleProperty('random shopper sessions never make a reducer throw and keep every bag invariant after each event', (catalogs) =>
    fc.property(sessionArb(catalogs, 120), ({ events, ctx }) => {
      let state = initialState;
      for (const event of events) {
        state = reduceUnguarded(state, event, ctx);
        const problems = stateViolations(state, ctx);
        if (problems.length > 0) throw new Error(`after #${event.seq} ${event.type}: ${problems.join('; ')}`);
      }
      return state.log.events === events.length;
    }),
  ),
  ruleProperty("every event the commands' decisions append is one the reducers apply: none is ignored", (catalogs) =>
    fc.property(sessionArb(catalogs, 150), ({ events, ctx }) => {
      let state = initialState;
      for (const event of events) {
        const before = state.log.ignored;
        state = reduceUnguarded(state, event, ctx);
        if (state.log.ignored > before) throw new Error(`#${event.seq} ${event.type} changed nothing: ${JSON.stringify(event.data).slice(0, 200)}`);
      }
      return true;
    }),
  ),
  ruleProperty('replaying the same log twice gives byte-identical state', (catalogs) =>
    fc.property(sessionArb(catalogs, 150), ({ events, ctx }) => JSON.stringify(fold(events, ctx)) === JSON.stringify(fold(events, ctx))),
  ),
  // The bag rules remember what they last worked out (the bag within stock, the priced lines and totals) by the
  // identity of the bag they saw. A copy of the state has none of those identities, so every rule works from scratch.
  ruleProperty("the bag rules' memos change nothing: a replay from a fresh copy of the state before each event gives the same states", (catalogs) =>
    fc.property(sessionArb(catalogs, 150), ({ events, ctx }) => {
      const remembered: string[] = [];
      let state = initialState;
      for (const event of events) remembered.push(JSON.stringify((state = reduceUnguarded(state, event, ctx))));
      let fresh = initialState;
      events.forEach((event, i) => {
        fresh = reduceUnguarded(JSON.parse(JSON.stringify(fresh)) as State, event, ctx);
        if (JSON.stringify(fresh) !== remembered[i]) throw new Error(`after #${event.seq} ${event.type} the states differ`);
      });
      return true;
    }),
  ),
  ruleProperty('a snapshot taken after any event resumes to the same state as a replay from zero', (catalogs) =>
    fc.property(sessionArb(catalogs, 150), fc.double({ min: 0, max: 1, noNaN: true }), ({ events, ctx }, where) => {
      const cut = Math.floor(where * events.length);
      const snapshot = JSON.parse(JSON.stringify(fold(events.slice(0, cut), ctx))) as State;
      return JSON.stringify(fold(events.slice(cut), ctx, snapshot)) === JSON.stringify(fold(events, ctx));
    }),
  ),
];

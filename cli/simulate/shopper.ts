// The simulated shopper's session as it runs: the state its own fold reached, the clock, the generator, and the one way
// a gesture changes any of them, by appending what a decision decided (as the storefront's commands do).
import * as E from 'fp-ts/lib/Either.js';
import type { LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import { pickupSchedule } from '../../src/domain/time/pickupSlots';
import type { EventDataOf, EventDraft, EventType } from '../../src/events/catalogue';
import { currentLocation, type ReduceContext } from '../../src/events/context';
import { draft } from '../../src/events/draft';
import { decodeEvent } from '../../src/events/envelope';
import { reduce } from '../../src/events/reduce';
import { initialState, type State } from '../../src/events/state';
import * as timeRules from '../../src/events/timeRules';
import type { Decision, Given, TimeRules } from '../../src/commands/decide/decision';
import type { Random } from './random';

/** What a gesture works with; only `emit` and `run` change `state`, only the gestures and the loop move `clock`. */
export interface Shopper {
  readonly rng: Random;
  readonly ctx: ReduceContext;
  /** Ids carry the seed, so two sessions' logs never share one. */
  readonly seed: number;
  /** Locations the storefront may show. */
  readonly locationIds: readonly string[];
  /** The configuration's QueueOrders. */
  readonly queueOrders: boolean;
  /** The time rules, with the pickup schedule of one location at one moment computed once. */
  readonly time: TimeRules;
  /** Cards entered in this session whose one-use token the page still holds. */
  readonly tokens: Set<string>;
  /** Every event appended, in order. */
  readonly drafts: EventDraft[];
  /** How many drafts the caller gets: the state after the last of them is `reported`. */
  readonly keep: number;
  state: State;
  reported: State;
  clock: number;
  /** The last number given to an id. */
  ids: number;
}

/** A session of no events yet, at `clock`. */
export function newShopper(fields: Omit<Shopper, 'time' | 'tokens' | 'drafts' | 'state' | 'reported' | 'ids'>): Shopper {
  return { ...fields, time: scheduleOnce(), tokens: new Set(), drafts: [], state: initialState, reported: initialState, ids: 0 };
}

/** The time rules whose pickup schedule is asked for by a gesture and again by its decision: computed once. */
function scheduleOnce(): TimeRules {
  let cached: { location: object; now: number; schedule: ReturnType<typeof pickupSchedule> } | undefined;
  const schedule: typeof pickupSchedule = (location, now) => {
    if (cached?.location !== location || cached.now !== now) cached = { location, now, schedule: pickupSchedule(location, now) };
    return cached.schedule;
  };
  return { ...timeRules, pickupSchedule: schedule };
}

/** A new id of this session: `prefix-seed-n`. */
export function newId(s: Shopper, prefix: string): string {
  return `${prefix}-${s.seed}-${++s.ids}`;
}

/** What a decision is given: the clock, and new idempotency keys from the session's ids. */
export function given(s: Shopper): Given {
  return { now: s.clock, newKey: () => newId(s, 'idem') };
}

/** Appends one event, checked as a log's reader checks it, and folds it. */
export function emit<T extends EventType>(s: Shopper, type: T, data: EventDataOf<T>): void {
  const d = draft(type, data, { id: newId(s, 'evt'), at: new Date(s.clock).toISOString() });
  const decoded = decodeEvent(d, s.drafts.length + 1);
  if (E.isLeft(decoded) || decoded.right.kind !== 'event')
    throw new Error(`simulator produced an invalid ${type}: ${E.isLeft(decoded) ? decoded.left.join('; ') : 'skipped'}`);
  s.drafts.push(d);
  s.state = reduce(s.state, decoded.right.event, s.ctx);
  if (s.drafts.length <= s.keep) s.reported = s.state;
}

/** Appends what a decision decided, as the commands do; true when it was accepted. */
export function run<R, F>(s: Shopper, decision: Decision<R, F>): boolean {
  for (const fact of decision.facts) emit(s, fact.type, fact.data as EventDataOf<typeof fact.type>);
  return E.isRight(decision.outcome);
}

/** The location the shopper is at, if any. */
export function location(s: Shopper): LocationCatalog | undefined {
  return currentLocation(s.state, s.ctx);
}

// A realistic random shopper, for `countertop simulate`, the property tests and the benchmarks. Every gesture goes
// through the storefront's own decisions (src/commands/decide), with the simulator standing in for what is outside
// the log: the clock, the shopper's random intents and the API's answers. So the log holds only what the real
// commands could have appended, and a rule changed in a decision changes the simulation with it. The gestures are a
// table (./gestures.ts); the session they append to is ./shopper.ts.
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import type { Config } from '../../src/domain/config';
import type { EventDraft } from '../../src/events/catalogue';
import { contextOf } from '../../src/events/context';
import type { State } from '../../src/events/state';
import * as shopping from '../../src/commands/decide/shopping';
import { attempt, countInventory, GESTURES, keepPickupValid, type Gesture } from './gestures';
import { createRandom } from './random';
import { emit, given, newId, newShopper, run, type Shopper } from './shopper';

export interface SimulationOptions {
  readonly catalog: CatalogIndex;
  readonly hash: string;
  /** Locations the storefront may show (after the configuration's include/exclude rules). */
  readonly locationIds?: readonly string[];
  /** The storefront's configuration (QueueOrders). */
  readonly config?: Pick<Config, 'QueueOrders'>;
  readonly events: number;
  readonly seed: number;
  /** Start of the session (epoch ms); default 2026-11-18T15:00:00Z. */
  readonly start?: number;
  /** No event after this instant (epoch ms): the session ends early rather than write a time a log cannot hold. */
  readonly end?: number;
}

export interface Simulation {
  /** Exactly `events` drafts (at least the three that open a session), unless the clock reached `end` first. */
  readonly drafts: readonly EventDraft[];
  /** The state the simulator's own fold reached after the last of `drafts`: what a replay of them must reach. */
  readonly state: State;
}

/** The most one gesture moves the clock: a long pause of up to 6 hours, then a placement's few seconds. */
const LONGEST_GESTURE_MS = 6 * 3_600_000 + 60_000;

const ROWS: readonly Gesture[] = Object.values(GESTURES);
const TOTAL_WEIGHT = ROWS.reduce((sum, { weight }) => sum + weight, 0);

/** Simulates one shopper's session; the same options always give the same events. */
export function simulateSession(options: SimulationOptions): Simulation {
  const s = openSession(options);
  const lastGesture = (options.end ?? Infinity) - LONGEST_GESTURE_MS;
  let guard = 0;
  while (s.drafts.length < options.events && guard++ < options.events * 20 && s.clock <= lastGesture) nextGesture(s);
  return { drafts: s.drafts.slice(0, s.keep), state: s.reported };
}

/** The page load: the session starts, the menu is recorded, a location is chosen (the only one, or one at random) and its counts read. */
function openSession(options: SimulationOptions): Shopper {
  const locationIds = options.locationIds ?? options.catalog.locations.map((l) => l.Id);
  const s = newShopper({
    rng: createRandom(options.seed),
    ctx: contextOf(new Map([[options.hash, options.catalog]])),
    seed: options.seed,
    locationIds,
    queueOrders: options.config?.QueueOrders === true,
    keep: Math.max(options.events, 3),
    clock: options.start ?? Date.parse('2026-11-18T15:00:00Z'),
  });
  emit(s, 'SessionStarted', { idempotencyKey: newId(s, 'idem'), appVersion: 'simulator' });
  run(s, shopping.catalogLoaded(s.state, { hash: options.hash, locationIds }, given(s)));
  const only = shopping.onlyLocation(s.state);
  if (only !== null) run(s, shopping.selectLocation(s.state, s.ctx, only, given(s), s.time));
  else if (locationIds.length > 0) run(s, shopping.selectLocation(s.state, s.ctx, s.rng.pick(locationIds), given(s), s.time));
  countInventory(s);
  return s;
}

/** Time moves on, the storefront's timer runs, and the shopper makes one gesture chosen by weight. */
function nextGesture(s: Shopper): void {
  // Usually seconds, sometimes a long pause (the tab left open over lunch).
  s.clock += s.rng.chance(0.02) ? s.rng.int(1, 6) * 3_600_000 : s.rng.int(5, 180) * 1000;
  keepPickupValid(s);
  let roll = s.rng.int(0, TOTAL_WEIGHT - 1);
  for (const gesture of ROWS) {
    if (roll < gesture.weight) {
      attempt(s, gesture);
      return;
    }
    roll -= gesture.weight;
  }
}

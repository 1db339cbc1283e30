// The root reducer and the fold. One step per event, total (never throws), the same on every machine and in any TZ.
import type { DomainEvent, EventType } from './catalogue';
import type { ReduceContext } from './context';
import type { Handler } from './reducers/handler';
import { bagHandlers } from './reducers/bag';
import { checkoutHandlers } from './reducers/checkout';
import { deliveryHandlers } from './reducers/delivery';
import { clientHandlers } from './reducers/client';
import { inventoryHandlers } from './reducers/inventory';
import { locationHandlers } from './reducers/location';
import { orderHandlers } from './reducers/orders';
import { accountHandlers } from './reducers/account';
import { sessionHandlers } from './reducers/session';
import { initialState, type State } from './state';

const handlers: { readonly [T in EventType]: Handler<T> } = {
  ...sessionHandlers,
  ...accountHandlers,
  ...locationHandlers,
  ...bagHandlers,
  ...checkoutHandlers,
  ...inventoryHandlers,
  ...orderHandlers,
  ...deliveryHandlers,
  // Client events (the page and dialog shown) are counted here; their own fold is reducers/client.ts.
  ...clientHandlers,
};

/** Applies one event without a guard: a reducer that throws throws here (the properties run reducers this way). */
export function reduceUnguarded(state: State, event: DomainEvent, ctx: ReduceContext): State {
  const handler = handlers[event.type] as Handler<EventType>;
  return advance(state, handler(state, event as never, ctx), event, 0);
}

/**
 * Applies one event. An event that makes no sense in this state is counted as ignored and changes nothing else; a
 * reducer that throws (a rule bug, a bad catalog) is counted as a fault, so a replay never stops on one.
 */
export function reduce(state: State, event: DomainEvent, ctx: ReduceContext): State {
  const handler = handlers[event.type] as Handler<EventType>;
  try {
    return advance(state, handler(state, event as never, ctx), event, 0);
  } catch {
    return advance(state, state, event, 1);
  }
}

function advance(state: State, next: State, event: DomainEvent, fault: 0 | 1): State {
  const log = next.log;
  // Written out rather than spread: this runs once per event and a fixed-shape literal is several times cheaper.
  return {
    version: next.version,
    account: next.account,
    catalog: next.catalog,
    locationId: next.locationId,
    bag: next.bag,
    pickup: next.pickup,
    checkout: next.checkout,
    inventory: next.inventory,
    placement: next.placement,
    orders: next.orders,
    warnings: next.warnings,
    curbside: next.curbside,
    localFavorites: next.localFavorites,
    prompts: next.prompts,
    log: {
      events: log.events + 1,
      lastSeq: event.seq,
      lastAt: event.at,
      skipped: log.skipped,
      ignored: next === state && fault === 0 ? log.ignored + 1 : log.ignored,
      faults: log.faults + fault,
    },
  };
}

/** Counts an event that was skipped on read (unknown type, newer version): it still advances the log position. */
export function skip(state: State, type: string, seq: number): State {
  return { ...state, log: { ...state.log, lastSeq: seq, skipped: { ...state.log.skipped, [type]: (state.log.skipped[type] ?? 0) + 1 } } };
}

/** Folds events into a state, from the initial state unless a snapshot is given. */
export function fold(events: Iterable<DomainEvent>, ctx: ReduceContext, from: State = initialState): State {
  let state = from;
  for (const event of events) state = reduce(state, event, ctx);
  return state;
}

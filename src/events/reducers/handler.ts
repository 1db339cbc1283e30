import type { EventOf, EventType } from '../catalogue';
import type { ReduceContext } from '../context';
import type { State } from '../state';

/** A reducer for one event type. Returning the very same state means "this made no sense here" (counted, not fatal). */
export type Handler<T extends EventType> = (state: State, event: EventOf<T>, ctx: ReduceContext) => State;

export type Handlers<T extends EventType> = { readonly [K in T]: Handler<K> };

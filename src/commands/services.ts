// What commands need from the outside world: the log, the API, the clock, fresh ids, configuration, the card
// tokenizer and error reporting. Tests pass fixed clocks and ids; the app passes the real ones.
import type { ApiClient } from '../api/apiClient';
import type { PushNotifications } from '../api/push';
import type { ReportError } from '../api/errorReporter';
import type { Config } from '../domain/config';
import type { EventDataOf, EventType } from '../events/catalogue';
import { draft } from '../events/draft';
import type { EventStore } from '../store/eventStore';
import * as E from 'fp-ts/lib/Either.js';
import type { Decision, Given, TimeRules } from './decide/decision';
import type { LazyModule } from '../store/lazyModule';

export interface CommandServices {
  readonly store: EventStore;
  readonly api: ApiClient;
  readonly config: Config;
  /** Epoch milliseconds. */
  readonly now: () => number;
  /** A new unique id (event ids, line keys, idempotency keys). */
  readonly newId: () => string;
  readonly reportError: ReportError;
  /** Waits between order-status checks; the spec's 3 s by default, tests pass a shorter one. */
  readonly queueDelay?: (ms: number) => Promise<void>;
  /** The push-notification service (the customer_since trigger); without one, triggers are recorded in the log. */
  readonly push?: PushNotifications;
  /** The rule bundles decisions take, which the storefront fetches on demand and the tests hand over loaded. */
  readonly rules: CommandRules;
}

/**
 * The rule bundles the commands await before they decide: the storefront's manifest of on-demand parts names where
 * each comes from and when it is fetched (src/app/root/parts.ts); the tests hand them over loaded.
 */
export interface CommandRules {
  /** Hours, open state and pickup slots: the pickup time's decisions and the location's. */
  readonly time: LazyModule<TimeRules>;
  /** Checkout's typed details (the vehicle, the table note, pickup notes, the guest): the forms' rules with them. */
  readonly details: LazyModule<typeof import('./decide/details')>;
  /** Placing the order: the request, the error table and the queue. */
  readonly placement: LazyModule<typeof import('./placeOrder')>;
  /** Repeating an earlier order at today's menu and prices. */
  readonly reorder: LazyModule<typeof import('./decide/reorder')>;
}

/** Appends one event stamped with a new id and the current time; a refused append is a programming error, reported. */
export async function record<T extends EventType>(services: CommandServices, type: T, data: EventDataOf<T>): Promise<boolean> {
  const result = await services.store.append(draft(type, data, { id: services.newId(), at: new Date(services.now()).toISOString() }));
  if (E.isLeft(result)) {
    services.reportError({ call: `append ${type}`, message: result.left.join('; ') });
    return false;
  }
  return true;
}

/** The outside values a decision takes, read now. */
export function given(services: CommandServices): Given {
  return { now: services.now(), newKey: services.newId };
}

/** Appends what a decision decided, in order, then answers its outcome. */
export async function apply<R, F>(services: CommandServices, decision: Decision<R, F>): Promise<E.Either<F, R>> {
  for (const fact of decision.facts) await record(services, fact.type, fact.data);
  return decision.outcome;
}

/** Runs decide-and-append steps one at a time, so two quick clicks each see the other's result. */
export function serialQueue(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

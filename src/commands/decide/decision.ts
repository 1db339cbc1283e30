// A command's decision, apart from its I/O: a pure function of the state, the catalogs, the shopper's intent and the
// values that come from outside (the moment, fresh keys, an API's answer), giving the events to append and the
// outcome to return. The storefront's commands, the simulator and the tests all call the same decisions, so a rule
// lives in one place; the commands around them only load what is needed, call the API and append.
import * as E from 'fp-ts/lib/Either.js';
import type { EventDataOf, EventType } from '../../events/catalogue';

/** One event to append, not yet stamped with an id and a time. */
export type Fact = { readonly [T in EventType]: { readonly type: T; readonly data: EventDataOf<T> } }[EventType];

/** What to append, then what to answer: a refusal may still append (a failed order is a fact too). */
export interface Decision<R = void, F = string> {
  readonly facts: readonly Fact[];
  readonly outcome: E.Either<F, R>;
}

/** A command's answer to its caller: the value, or the sentence the shopper sees. */
export type Outcome<T = void> = E.Either<string, T>;

/** What a decision takes from outside the log: the moment (epoch ms) and fresh unique keys. */
export interface Given {
  readonly now: number;
  readonly newKey: () => string;
}

/** The time rules a decision may need (src/events/timeRules.ts): the storefront loads them on demand, the command line imports them. */
export type { TimeRules } from '../../events/timeRules';

export const event = <T extends EventType>(type: T, data: EventDataOf<T>): Fact => ({ type, data }) as Fact;

export const accept = <R>(result: R, ...facts: Fact[]): Decision<R, never> => ({ facts, outcome: E.right(result) });

export const append = (...facts: Fact[]): Decision<void, never> => accept(undefined, ...facts);

export const refuse = <F = string>(reason: F, ...facts: Fact[]): Decision<never, F> => ({ facts, outcome: E.left(reason) });

/** The first message of a form's rule results, if any field failed. */
export const firstMessage = (errors: Readonly<Record<string, string | undefined>>): string | undefined =>
  Object.values(errors).find((m): m is string => typeof m === 'string');

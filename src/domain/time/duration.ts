// PrepTime is an ISO-8601 duration ('PT20M', 'PT1H30M'); ASAP is now plus it and no slot comes before it
// (ordering.md section 9).
import { Temporal } from '@js-temporal/polyfill';
import * as E from 'fp-ts/lib/Either.js';
import type { Location } from '../catalog/codecs';

// Keyed by the duration text, which is immutable, so parsing happens once per distinct PrepTime.
const parsed = new Map<string, E.Either<string, number>>();

/** Milliseconds of an ISO-8601 duration of days, hours, minutes and seconds; a day counts as 24 hours. */
export function durationMillis(text: string): E.Either<string, number> {
  let result = parsed.get(text);
  if (result === undefined) {
    try {
      const duration = Temporal.Duration.from(text);
      const millis =
        duration.years !== 0 || duration.months !== 0 || duration.weeks !== 0 || duration.sign < 0 ? Number.NaN : duration.total({ unit: 'milliseconds' });
      result = Number.isFinite(millis) ? E.right(millis) : E.left(`expected a duration of days, hours, minutes and seconds, got ${JSON.stringify(text)}`);
    } catch {
      result = E.left(`expected an ISO-8601 duration such as PT20M, got ${JSON.stringify(text)}`);
    }
    parsed.set(text, result);
  }
  return result;
}

/** How long the kitchen needs, in milliseconds; a decoded Location always parses, anything else counts as none. */
export function prepTimeMillis(location: Pick<Location, 'PrepTime'>): number {
  const result = durationMillis(location.PrepTime);
  return E.isRight(result) ? result.right : 0;
}

// Prep time read without Temporal (duration.ts) gives exactly what Temporal.Duration.from and total() gave: the same
// milliseconds, and the same message for what is not a duration of days, hours, minutes and seconds.
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { Temporal } from '@js-temporal/polyfill';
import { describe, expect, it } from 'vitest';
import { durationMillis } from '../../src/domain/time/duration';

/** The reading through Temporal that duration.ts replaced, word for word. */
function temporalMillis(text: string): E.Either<string, number> {
  try {
    const duration = Temporal.Duration.from(text);
    const millis =
      duration.years !== 0 || duration.months !== 0 || duration.weeks !== 0 || duration.sign < 0 ? Number.NaN : duration.total({ unit: 'milliseconds' });
    return Number.isFinite(millis) ? E.right(millis) : E.left(`expected a duration of days, hours, minutes and seconds, got ${JSON.stringify(text)}`);
  } catch {
    return E.left(`expected an ISO-8601 duration such as PT20M, got ${JSON.stringify(text)}`);
  }
}

const maybe = (a: fc.Arbitrary<string>) => fc.option(a, { nil: '' });
/** Digits: small, zero-padded, or large enough to pass Temporal's limits (2^32 years, 2^53 seconds). */
const digits = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 200 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }).map((n) => `00${n}`) },
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '4294967295',
      '4294967296',
      '9007199254740991',
      '9007199254740992',
      '104249991374',
      '104249991375',
      '2501999792983',
      '150119987579016',
    ),
  },
);
const fraction = fc.oneof(
  fc.constant(''),
  fc.tuple(fc.constantFrom('.', ','), fc.stringMatching(/^\d{1,10}$/)).map(([sep, d]) => sep + d),
);
const unit = (letter: string, fractional: boolean) =>
  maybe(fc.tuple(digits, fractional ? fraction : fc.constant(''), fc.constantFrom(letter, letter.toLowerCase())).map((p) => p.join('')));
/** Strings shaped like ISO-8601 durations, valid or nearly so: signs, case, every unit, fractions anywhere. */
const durationLike = fc
  .tuple(
    fc.constantFrom('', '', '+', '-', '\u2212'),
    fc.constantFrom('P', 'P', 'p', ''),
    unit('Y', false),
    unit('M', false),
    unit('W', false),
    unit('D', true),
    fc.constantFrom('T', 'T', 't', ''),
    unit('H', true),
    unit('M', true),
    unit('S', true),
    fc.constantFrom('', '', '', ' ', 'Z'),
  )
  .map((parts) => parts.join(''));

describe('a prep time', () => {
  it('reads as Temporal reads it, for any duration-like text', () => {
    fc.assert(
      fc.property(durationLike, (text) => {
        expect(durationMillis(text)).toEqual(temporalMillis(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads as Temporal reads it, for any text at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'PTYMWDHS0123456789.,+-ptdhms '.split('')), maxLength: 14 }), (text) => {
        expect(durationMillis(text)).toEqual(temporalMillis(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the shapes catalogs use, fractions and the edges of what Temporal allows', () => {
    const texts = ['PT20M', 'PT1H30M', 'P1DT30S', 'PT0S', '-PT0S', 'P0D', 'PT1.5H', 'PT0,25M', 'PT0.000000001S', 'PT1.123456789S', 'P1W', 'P1Y', '-PT1M'];
    const edges = ['PT9007199254740991S', 'PT9007199254740991.999999999S', 'PT9007199254740992S', 'P104249991374DT7H36M31S', 'P104249991374DT7H36M32S'];
    for (const text of [...texts, ...edges, 'P', 'PT', 'PT1.5H30M', '20 minutes', 'PT1.0000000001S'])
      expect(durationMillis(text), text).toEqual(temporalMillis(text));
    expect(durationMillis('PT1.5H')).toEqual(E.right(90 * 60_000));
    expect(durationMillis('PT0.000001S')).toEqual(E.right(0.001));
  });
});

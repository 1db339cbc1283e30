import { describe, expect, it } from 'vitest';
import { eventLogProperties } from '../../cli/properties/eventLog';
import { fixtureCatalog } from '../support/fixtureCatalog';

const catalogs = [fixtureCatalog('cafe'), fixtureCatalog('pizza-chain'), fixtureCatalog('retail')];

describe('event log properties over simulated shoppers', () => {
  it.each(eventLogProperties.map((p) => [p.name, p] as const))('%s', (_name, property) => {
    const outcome = property.check(catalogs, { numRuns: 60 });
    expect(outcome.ok ? 'ok' : `${outcome.error}\ncounterexample: ${outcome.counterexample}\nseed: ${outcome.seed}`).toBe('ok');
  });
});

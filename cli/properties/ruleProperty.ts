// A rule property: a named fast-check property over one or more catalogs. `countertop check` and the test suite run
// the same ones; a failure carries the counterexample and the seed that reproduces it.
import * as fc from 'fast-check';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';

export interface CheckParams {
  readonly numRuns: number;
  readonly seed?: number | undefined;
}

export interface CheckOutcome {
  readonly ok: boolean;
  readonly numRuns: number;
  readonly seed: number;
  /** The shrunk failing input, printed with fast-check's stringifier. */
  readonly counterexample?: string;
  /** fast-check's replay path, for `fc.assert(..., { seed, path })`. */
  readonly path?: string;
  readonly error?: string;
}

export interface RuleProperty {
  /** A sentence naming the law, e.g. "subTotal - totalDiscounts + totalTaxes + totalTips = grandTotal". */
  readonly name: string;
  readonly check: (catalogs: readonly CatalogIndex[], params: CheckParams) => CheckOutcome;
}

/** Wraps a property builder so callers need not know its value types. */
export function ruleProperty<Ts>(name: string, build: (catalogs: readonly CatalogIndex[]) => fc.IProperty<Ts>): RuleProperty {
  return {
    name,
    check(catalogs, params) {
      const details = fc.check(build(catalogs), { numRuns: params.numRuns, ...(params.seed === undefined ? {} : { seed: params.seed }) });
      if (!details.failed) return { ok: true, numRuns: details.numRuns, seed: details.seed };
      return {
        ok: false,
        numRuns: details.numRuns,
        seed: details.seed,
        counterexample: details.counterexample === null ? undefined : fc.stringify(details.counterexample),
        path: details.counterexamplePath ?? undefined,
        error: details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? ''),
      };
    },
  };
}

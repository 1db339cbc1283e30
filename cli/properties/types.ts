// A rule property: a named fast-check property over one or more catalogs. `countertop check` runs them with
// fc.check (printing the counterexample and seed on failure); the test suite runs the same ones with fc.assert.
import type * as fc from 'fast-check';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';

export interface RuleProperty {
  /** A sentence naming the law, e.g. "subTotal - totalDiscounts + totalTaxes + totalTips = grandTotal". */
  readonly name: string;
  /** Builds the property for these catalogs (fixture catalogs, or the one given to `countertop check --catalog`). */
  readonly property: (catalogs: readonly CatalogIndex[]) => fc.IProperty<never> | fc.IProperty<any>;
}

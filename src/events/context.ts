// What a reducer may consult besides the state and the event: the content-addressed catalogs the log refers to, and
// the memo of the fold it runs in. A catalog snapshot never changes once stored, so looking it up by hash is as pure
// as reading the event itself; the memo only saves work, matched by the very objects it was made from.
import type { CatalogIndex, LocationCatalog } from '../domain/catalog/catalogIndex';
import type { State } from './state';
import { matchingId } from '../domain/ids';
import { foldMemo, type FoldMemo } from './foldMemo';

export interface ReduceContext {
  readonly catalog: (hash: string) => CatalogIndex | undefined;
  /** This fold's own memo: one per store, replay or simulation. */
  readonly memo: FoldMemo;
}

/** A context over a fixed set of catalogs (CLI replays, tests), with a memo of its own. */
export function contextOf(catalogs: ReadonlyMap<string, CatalogIndex>): ReduceContext {
  return { catalog: (hash) => catalogs.get(hash), memo: foldMemo() };
}

/** The catalog of the state's current location, if both are known. */
export function currentLocation(state: State, ctx: ReduceContext): LocationCatalog | undefined {
  if (state.catalog.hash === null || state.locationId === null) return undefined;
  return ctx.catalog(state.catalog.hash)?.byLocation.get(state.locationId);
}

/** A location of the state's catalog that the configuration allows, by id (ids match case-insensitively). */
export function allowedLocation(state: State, ctx: ReduceContext, locationId: string): LocationCatalog | undefined {
  if (state.catalog.hash === null) return undefined;
  const id = matchingId(state.catalog.locationIds, locationId);
  return id === undefined ? undefined : ctx.catalog(state.catalog.hash)?.byLocation.get(id);
}

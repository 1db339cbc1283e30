// What a reducer may consult besides the state and the event: the content-addressed catalogs the log refers to.
// A catalog snapshot never changes once stored, so looking it up by hash is as pure as reading the event itself.
import type { CatalogIndex, LocationCatalog } from '../domain/catalog/catalogIndex';
import type { State } from './state';
import { matchingId } from '../domain/ids';

export interface ReduceContext {
  readonly catalog: (hash: string) => CatalogIndex | undefined;
}

/** A context over a fixed set of catalogs (CLI replays, tests). */
export function contextOf(catalogs: ReadonlyMap<string, CatalogIndex>): ReduceContext {
  return { catalog: (hash) => catalogs.get(hash) };
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

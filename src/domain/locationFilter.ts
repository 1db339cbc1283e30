// Which locations the storefront offers (account-and-session.md section 5, ordering.md section 5): the include and
// exclude lists of config.json. Apart from the picker's distances and ZIP search (locations.ts), because the first
// page needs this filter and none of those.
import type { Config } from './config';
import { idKey } from './ids';

export type LocationFilter = Pick<Config, 'IncludeLocations' | 'ExcludeLocations'>;

/** A list that names no id is treated as no list, so `IncludeLocations: []` cannot hide every location by accident. */
function idKeys(ids: readonly string[] | undefined): ReadonlySet<string> | undefined {
  return ids === undefined || ids.length === 0 ? undefined : new Set(ids.map(idKey));
}

/**
 * The locations this storefront offers, in catalog order. With neither list all are kept; otherwise a location is
 * kept if the include list names it, or if there is an exclude list and it does not name it (so an id in both lists
 * is kept).
 */
export function filterLocations<L extends { readonly Id: string }>(locations: readonly L[], config: LocationFilter): L[] {
  const include = idKeys(config.IncludeLocations);
  const exclude = idKeys(config.ExcludeLocations);
  if (include === undefined && exclude === undefined) return [...locations];
  return locations.filter((l) => include?.has(idKey(l.Id)) === true || (exclude !== undefined && !exclude.has(idKey(l.Id))));
}

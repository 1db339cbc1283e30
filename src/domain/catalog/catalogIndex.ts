// A decoded catalog checked for consistency and indexed per location, so rules look things up by id in O(1).
import * as E from 'fp-ts/lib/Either.js';
import { parseJson, problem } from '../codec';
import { decodeFast } from '../fastDecode';
import { idKey, matchingId } from '../ids';
import { compareNames } from '../nameOrder';
import { durationMillis } from '../time/duration';
import { DAY_MS, PICKUP_DATES } from '../time/pickupRules';
import {
  CatalogCodec,
  type Catalog,
  type Category,
  type Item,
  type ItemModifierList,
  type Location,
  type Modifier,
  type ModifierList,
  type Tax,
  type Variation,
} from './codecs';

export interface IndexedItem {
  readonly item: Item;
  /** Every category of this location that lists the item (coupons of type Categories match on these). */
  readonly categoryIds: readonly string[];
  /** Variations by Ordinal, then as listed. */
  readonly variations: readonly Variation[];
  /** The item's modifier lists, resolved against the location's lists, by list Ordinal. */
  readonly modifierLists: readonly ResolvedModifierList[];
  readonly taxes: readonly Tax[];
}

/**
 * Whether a card's 'Add to Bag' may add the item without the item panel (ordering.md section 3 "Item": marked
 * SkipModifierScreen); otherwise every tap opens the panel. Whether it then can is quickAdd's (domain/items/quickAdd.ts).
 */
export function addsFromCard(item: Pick<Item, 'SkipModifierScreen'>): boolean {
  return item.SkipModifierScreen === true;
}

export interface ResolvedModifierList {
  readonly list: ModifierList;
  readonly ref: ItemModifierList;
  /** Modifiers by Ordinal, with OnByDefault taken from the item's override when it gives one. */
  readonly modifiers: readonly Modifier[];
}

/** A category with its items in the catalog's sort order. */
export type SortedCategory = Omit<Category, 'Items'> & { readonly Items: readonly Item[] };

export interface LocationCatalog {
  readonly location: Location;
  readonly currency: string;
  /** Categories by the catalog sort rule, items inside each by the same rule. Empty categories are kept here. */
  readonly categories: readonly SortedCategory[];
  readonly items: ReadonlyMap<string, IndexedItem>;
  readonly variations: ReadonlyMap<string, { readonly item: IndexedItem; readonly variation: Variation }>;
  readonly modifierLists: ReadonlyMap<string, ModifierList>;
  readonly taxes: ReadonlyMap<string, Tax>;
}

export interface CatalogIndex {
  readonly catalog: Catalog;
  /** Locations in catalog order (filtering by config happens elsewhere). */
  readonly locations: readonly Location[];
  readonly byLocation: ReadonlyMap<string, LocationCatalog>;
}

type Sortable = { readonly Ordinal?: number | undefined; readonly Name: string };

/** Sort by an ordinal (missing last), keeping source order for ties. A list already in order is returned as is. */
function byOrdinalOf<T>(list: readonly T[], ordinal: (value: T) => number | undefined): readonly T[] {
  let sorted = true;
  for (let i = 1; i < list.length && sorted; i++) sorted = (ordinal(list[i - 1]!) ?? Infinity) <= (ordinal(list[i]!) ?? Infinity);
  if (sorted) return list;
  return list
    .map((value, index) => ({ value, index, key: ordinal(value) ?? Infinity }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((x) => x.value);
}

function byOrdinal<T extends { readonly Ordinal?: number | undefined }>(list: readonly T[]): readonly T[] {
  return byOrdinalOf(list, (value) => value.Ordinal);
}

/** The catalog sort rule: by Ordinal when SortByOrdinal is true, otherwise by Name (en-US collation). */
function sortByCatalogRule<T extends Sortable>(list: readonly T[], sortByOrdinal: boolean): readonly T[] {
  if (sortByOrdinal) return byOrdinal(list);
  return list
    .map((value, index) => ({ value, index }))
    .sort((a, b) => compareNames(a.value.Name, b.value.Name) || a.index - b.index)
    .map((x) => x.value);
}

function categoriesOf(catalog: Catalog, location: Location): readonly Category[] {
  return location.Categories ?? catalog.Categories ?? [];
}

/** Pickup offers a week of dates: a longer prep time could never be met, and a far one overflows the clock. */
export const MAX_PREP_TIME_MS = PICKUP_DATES * DAY_MS;

/** Cross-reference checks io-ts cannot express, reported in the same `path: expected ..., got ...` form. */
export function checkCatalog(catalog: Catalog): string[] {
  const problems: string[] = [];
  // A storefront is for one business with one or more locations (ARCHITECTURE.md): none leaves nothing to order from.
  if (catalog.Locations.length === 0) problems.push(problem('Locations', 'at least one location', catalog.Locations));
  const locationIds = new Set<string>();
  catalog.Locations.forEach((location, li) => {
    const at = `Locations[${li}]`;
    if (locationIds.has(idKey(location.Id))) problems.push(problem(`${at}.Id`, 'a unique location id', location.Id));
    locationIds.add(idKey(location.Id));
    const prep = durationMillis(location.PrepTime);
    if (E.isLeft(prep) || prep.right > MAX_PREP_TIME_MS)
      problems.push(problem(`${at}.PrepTime`, `a prep time of at most ${PICKUP_DATES} days (P${PICKUP_DATES}D)`, location.PrepTime));

    const taxIds = new Set<string>();
    (location.Taxes ?? []).forEach((tax, ti) => {
      if (taxIds.has(tax.Id)) problems.push(problem(`${at}.Taxes[${ti}].Id`, 'a unique tax id', tax.Id));
      taxIds.add(tax.Id);
    });
    const lists = new Map<string, ModifierList>();
    (location.ModifierLists ?? []).forEach((list, mi) => {
      if (lists.has(list.Id)) problems.push(problem(`${at}.ModifierLists[${mi}].Id`, 'a unique modifier list id', list.Id));
      lists.set(list.Id, list);
      const modifierIds = new Set<string>();
      list.Modifiers.forEach((m, i) => {
        if (modifierIds.has(m.Id)) problems.push(problem(`${at}.ModifierLists[${mi}].Modifiers[${i}].Id`, 'a unique modifier id', m.Id));
        modifierIds.add(m.Id);
      });
    });

    const categoryIds = new Set<string>();
    const itemsSeen = new Map<string, Item>();
    const variationOwner = new Map<string, string>();
    const categoriesAt = location.Categories ? `${at}.Categories` : 'Categories';
    categoriesOf(catalog, location).forEach((category, ci) => {
      const cat = `${categoriesAt}[${ci}]`;
      if (categoryIds.has(category.Id)) problems.push(problem(`${cat}.Id`, 'a unique category id', category.Id));
      categoryIds.add(category.Id);
      category.Items.forEach((item, ii) => {
        const it = `${cat}.Items[${ii}]`;
        const earlier = itemsSeen.get(item.Id);
        if (earlier && earlier !== item && JSON.stringify(earlier) !== JSON.stringify(item)) {
          problems.push(problem(`${it}.Id`, 'an item id listed once, or the same item each time', item.Id));
        }
        if (earlier) return;
        itemsSeen.set(item.Id, item);
        if (item.Variations.length === 0) problems.push(problem(`${it}.Variations`, 'at least one variation', item.Variations));
        const ownVariations = new Set<string>();
        item.Variations.forEach((v, vi) => {
          const owner = variationOwner.get(v.Id);
          // Two variations with one id in one item would price whichever a lookup meets first.
          if (ownVariations.has(v.Id)) problems.push(problem(`${it}.Variations[${vi}].Id`, 'a variation id used once in the item', v.Id));
          else if (owner !== undefined && owner !== item.Id) {
            problems.push(problem(`${it}.Variations[${vi}].Id`, 'a variation id unique to one item', v.Id));
          }
          ownVariations.add(v.Id);
          variationOwner.set(v.Id, item.Id);
        });
        const refIds = new Set<string>();
        (item.ModifierLists ?? []).forEach((ref, ri) => {
          if (refIds.has(ref.Id)) problems.push(problem(`${it}.ModifierLists[${ri}].Id`, 'a modifier list used once in the item', ref.Id));
          refIds.add(ref.Id);
          const overridden = new Set<string>();
          (ref.Modifiers ?? []).forEach((override, oi) => {
            if (overridden.has(override.Id))
              problems.push(problem(`${it}.ModifierLists[${ri}].Modifiers[${oi}].Id`, 'a modifier overridden once', override.Id));
            overridden.add(override.Id);
          });
        });
        (item.Taxes ?? []).forEach((taxId, ti) => {
          if (!taxIds.has(taxId)) problems.push(problem(`${it}.Taxes[${ti}]`, `a tax id of location ${location.Id}`, taxId));
        });
        (item.ModifierLists ?? []).forEach((ref, ri) => {
          const path = `${it}.ModifierLists[${ri}]`;
          const list = lists.get(ref.Id);
          if (!list) {
            problems.push(problem(`${path}.Id`, `a modifier list id of location ${location.Id}`, ref.Id));
            return;
          }
          const min = ref.MinSelectedModifiers;
          const max = ref.MaxSelectedModifiers;
          if (min !== undefined && min < -1) problems.push(problem(`${path}.MinSelectedModifiers`, '-1 or more', min));
          if (max !== undefined && max < -1) problems.push(problem(`${path}.MaxSelectedModifiers`, '-1 or more', max));
          if (min !== undefined && max !== undefined && min > 0 && max > 0 && min > max) {
            problems.push(problem(`${path}.MaxSelectedModifiers`, `at least MinSelectedModifiers (${min})`, max));
          }
          (ref.Modifiers ?? []).forEach((override, oi) => {
            if (!list.Modifiers.some((m) => m.Id === override.Id)) {
              problems.push(problem(`${path}.Modifiers[${oi}].Id`, `a modifier id of list ${list.Id}`, override.Id));
            }
          });
        });
      });
    });
  });
  return problems;
}

function resolveModifierList(list: ModifierList, ref: ItemModifierList, sortedModifiers: readonly Modifier[]): ResolvedModifierList {
  // Most items take a list as it is: they share its sorted modifiers instead of copying them.
  if (!ref.Modifiers || ref.Modifiers.length === 0) return { list, ref, modifiers: sortedModifiers };
  const overrides = new Map(ref.Modifiers.map((o) => [o.Id, o.OnByDefault] as const));
  const modifiers = sortedModifiers.map((m) => {
    const onByDefault = overrides.get(m.Id);
    return onByDefault === undefined ? m : { ...m, OnByDefault: onByDefault };
  });
  return { list, ref, modifiers };
}

/** Index one location's catalog. Assumes `checkCatalog` found nothing; dangling references are skipped, not thrown. */
function indexLocation(catalog: Catalog, location: Location): LocationCatalog {
  const sortByOrdinal = catalog.SortByOrdinal === true;
  const taxes = new Map((location.Taxes ?? []).map((tax) => [tax.Id, tax] as const));
  const modifierLists = new Map((location.ModifierLists ?? []).map((list) => [list.Id, list] as const));
  const sortedModifiers = new Map((location.ModifierLists ?? []).map((list) => [list.Id, byOrdinal(list.Modifiers)] as const));
  const items = new Map<string, IndexedItem>();
  const categoryIdsOf = new Map<string, string[]>();
  const categories = sortByCatalogRule(categoriesOf(catalog, location), sortByOrdinal).map((category): SortedCategory => {
    for (const item of category.Items) {
      const ids = categoryIdsOf.get(item.Id);
      if (ids) ids.push(category.Id);
      else categoryIdsOf.set(item.Id, [category.Id]);
    }
    return { ...category, Items: sortByCatalogRule(category.Items, sortByOrdinal) };
  });
  const variations = new Map<string, { item: IndexedItem; variation: Variation }>();
  for (const category of categories) {
    for (const item of category.Items) {
      if (items.has(item.Id)) continue;
      const resolved: ResolvedModifierList[] = [];
      for (const ref of item.ModifierLists ?? []) {
        const list = modifierLists.get(ref.Id);
        if (list) resolved.push(resolveModifierList(list, ref, sortedModifiers.get(list.Id)!));
      }
      const indexed: IndexedItem = {
        item,
        categoryIds: categoryIdsOf.get(item.Id) ?? [],
        variations: byOrdinal(item.Variations),
        modifierLists: byOrdinalOf(resolved, (r) => r.list.Ordinal),
        taxes: (item.Taxes ?? []).flatMap((id) => {
          const tax = taxes.get(id);
          return tax ? [tax] : [];
        }),
      };
      items.set(item.Id, indexed);
      for (const variation of indexed.variations) variations.set(variation.Id, { item: indexed, variation });
    }
  }
  return { location, currency: location.Currency ?? 'USD', categories, items, variations, modifierLists, taxes };
}

function indexCatalog(catalog: Catalog): CatalogIndex {
  const byLocation = new Map<string, LocationCatalog>();
  for (const location of catalog.Locations) byLocation.set(location.Id, indexLocation(catalog, location));
  return { catalog, locations: catalog.Locations, byLocation };
}

/** Decode, check and index a catalog; the failure lists every problem, one line each. */
export function decodeCatalog(input: unknown): E.Either<string[], CatalogIndex> {
  // io-ts' answer, without the path it builds for every field of a catalog it accepts (a returning shopper's first
  // page decodes the saved one before anything paints).
  const decoded = decodeFast(CatalogCodec, input);
  if (E.isLeft(decoded)) return decoded;
  const problems = checkCatalog(decoded.right);
  return problems.length > 0 ? E.left(problems) : E.right(indexCatalog(decoded.right));
}

/** Parse catalog JSON text; JSON syntax errors are reported as one problem line, not thrown. */
export function parseCatalog(text: string): E.Either<string[], CatalogIndex> {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    return E.left([`(root): expected JSON, got a syntax error ${whereInText(text, (error as Error).message)}`]);
  }
  return decodeCatalog(json);
}

/** Turns JSON.parse's "at position N" into a line and column a person can jump to. */
function whereInText(text: string, message: string): string {
  const position = /position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : text.length;
  const before = text.slice(0, offset).split('\n');
  const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
  return `at line ${before.length}, column ${(before[before.length - 1]?.length ?? 0) + 1} (${reason})`;
}

/** Case-insensitive location lookup (ids match case-insensitively everywhere, ordering.md section 5). */
export function findLocation(index: CatalogIndex, id: string): LocationCatalog | undefined {
  const exact = index.byLocation.get(id);
  if (exact) return exact;
  const key = matchingId(index.byLocation.keys(), id);
  return key === undefined ? undefined : index.byLocation.get(key);
}

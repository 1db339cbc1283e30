// Live stock of the chosen location (ordering.md section 3 "Inventory entry", section 4 "Inventory updates" and
// "Item panel"). Counts arrive from Inventory/List and the hub's InventoryUpdated, per location and variation.
//
// Team decisions: a tracked variation with a known count has that many (a negative count means none); a tracked
// variation whose count has not arrived yet is available without limit until it does; an untracked variation is
// always unlimited. When several bag lines share a variation, earlier lines keep their quantity first.
import type { Item, Variation } from '../catalog/codecs';
import type { LocationCatalog } from '../catalog/catalogIndex';
import { lineWithQuantity, type CartLine } from '../cart/cartLine';

/** Counts at one location by variation id; a Map or a plain record (the form a replayable state keeps). */
export type StockCounts = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

/**
 * The definition of `knownCount`: a Map's entry, or a record's own property (never one it inherits). The fast one
 * below gives the same for every record (tests/domain/bagRuleShortcuts.properties.test.ts).
 */
export function plainKnownCount(counts: StockCounts, variationId: string): number | undefined {
  if (counts instanceof Map) return counts.get(variationId);
  const record = counts as Readonly<Record<string, number>>;
  return Object.hasOwn(record, variationId) ? record[variationId] : undefined;
}

/**
 * The count known for a variation, or undefined when none has arrived. Record keys like "constructor" are safe: what
 * a record inherits is never a number, so one look-up answers (every bag line of a replay asks, and a second look-up
 * for Object.hasOwn was a fifth of the stock rule's time).
 */
export function knownCount(counts: StockCounts, variationId: string): number | undefined {
  if (counts instanceof Map) return counts.get(variationId);
  const count: unknown = (counts as Readonly<Record<string, unknown>>)[variationId];
  return typeof count === 'number' ? count : undefined;
}

/** How many of a variation can be sold (Infinity when unlimited), so every rule reads the team decision the same way. */
export function availableStock(counts: StockCounts, variation: Pick<Variation, 'Id' | 'TrackInventory'>): number {
  if (variation.TrackInventory !== true) return Infinity;
  const count = knownCount(counts, variation.Id);
  if (count === undefined || Number.isNaN(count)) return Infinity;
  return Math.max(0, Math.floor(count));
}

/** Ordering.md section 2: the item card shows 'Out of Stock' when every variation is sold out. */
export function isSoldOut(item: Pick<Item, 'Variations'>, counts: StockCounts): boolean {
  return item.Variations.every((v) => availableStock(counts, v) <= 0);
}

/** Quantity of a variation already in the bag, leaving out the line being edited (its quantity is given back). */
function inBagQuantity(cart: readonly CartLine[], variationId: string, editingKey?: string): number {
  let n = 0;
  for (const line of cart) if (line.variationId === variationId && line.key !== editingKey) n += line.quantity;
  return n;
}

/**
 * Ordering.md section 4 "Item panel": stock minus what the bag already holds of the variation, adding back the
 * edited line's own quantity. The line is found by key, so a line the bag has since clamped gives back what it holds.
 */
export function remainingForPanel(
  counts: StockCounts,
  variation: Pick<Variation, 'Id' | 'TrackInventory'>,
  cart: readonly CartLine[],
  editingKey?: string,
): number {
  const stock = availableStock(counts, variation);
  if (stock === Infinity) return Infinity;
  return Math.max(0, stock - inBagQuantity(cart, variation.Id, editingKey));
}

export interface ClampedLine {
  readonly key: string;
  readonly from: number;
  readonly to: number;
}

export interface ClampResult {
  /** The bag after the rule; the very same array when nothing changed, so a reducer can keep its state. */
  readonly lines: readonly CartLine[];
  /** Lines dropped because no stock was left for them. */
  readonly removedCount: number;
  /** Lines kept with a smaller quantity. */
  readonly clamped: readonly ClampedLine[];
}

/**
 * The definition of the stock rule (`clampLinesToStock`): every line counted in bag order, a new bag built every time
 * (the same array back when nothing changed). The fast one below gives the same, value for value; the properties in
 * tests/domain/bagRuleShortcuts.properties.test.ts hold it to this.
 */
export function plainClampLinesToStock(lines: readonly CartLine[], catalog: LocationCatalog, counts: StockCounts): ClampResult {
  const used = new Map<string, number>();
  const kept: CartLine[] = [];
  const clamped: ClampedLine[] = [];
  let removedCount = 0;
  for (const line of lines) {
    const entry = catalog.variations.get(line.variationId);
    if (!entry) {
      kept.push(line);
      continue;
    }
    const stock = availableStock(counts, entry.variation);
    const taken = used.get(line.variationId) ?? 0;
    const quantity = Math.min(line.quantity, Math.max(0, stock - taken));
    if (!(quantity > 0)) {
      removedCount++;
      continue;
    }
    used.set(line.variationId, taken + quantity);
    if (quantity < line.quantity) {
      clamped.push({ key: line.key, from: line.quantity, to: quantity });
      kept.push({ ...line, quantity });
    } else {
      kept.push(line);
    }
  }
  if (removedCount === 0 && clamped.length === 0) return { lines, removedCount, clamped };
  return { lines: kept, removedCount, clamped };
}

/**
 * Ordering.md section 4 "Inventory updates": clamp quantities so the lines of one variation never add up to more
 * than its stock, and drop lines left with none. Earlier lines keep theirs first. Lines whose variation the location
 * does not sell are left alone: dropping those is the location rule's job (`lineValidAt`).
 *
 * Each variation's lines are clamped on their own. So when a bag that was within stock changes only in the lines of
 * one variation, or only in that variation's count, `only` names it and the other lines are kept without a look.
 */
export function clampLinesToStock(lines: readonly CartLine[], catalog: LocationCatalog, counts: StockCounts, only?: string): ClampResult {
  if (only !== undefined) return clampVariation(lines, catalog, counts, only);
  // Most changes clamp nothing: the bag is copied only from the first line that changes, and a whole quantity of a
  // variation with unlimited stock is kept without counting it (unless an unlimited quantity came before it).
  let used: Map<string, number> | undefined;
  let kept: CartLine[] | undefined;
  let clamped: ClampedLine[] | undefined;
  let removedCount = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const entry = catalog.variations.get(line.variationId);
    if (!entry) {
      kept?.push(line);
      continue;
    }
    const stock = availableStock(counts, entry.variation);
    if (stock === Infinity && Number.isSafeInteger(line.quantity) && line.quantity > 0 && used?.has(line.variationId) !== true) {
      kept?.push(line);
      continue;
    }
    used ??= new Map<string, number>();
    const taken = used.get(line.variationId) ?? 0;
    const quantity = Math.min(line.quantity, Math.max(0, stock - taken));
    if (!(quantity > 0)) {
      kept ??= lines.slice(0, i);
      removedCount++;
      continue;
    }
    used.set(line.variationId, taken + quantity);
    if (quantity < line.quantity) {
      kept ??= lines.slice(0, i);
      (clamped ??= []).push({ key: line.key, from: line.quantity, to: quantity });
      kept.push(lineWithQuantity(line, quantity));
    } else {
      kept?.push(line);
    }
  }
  return kept === undefined ? { lines, removedCount, clamped: NOTHING_CLAMPED } : { lines: kept, removedCount, clamped: clamped ?? NOTHING_CLAMPED };
}

/**
 * The rule for one variation's lines, its stock looked up once; every other line is kept as it is. The keeping,
 * dropping and clamping repeat clampLinesToStock's on purpose: an object shared by the two to do it made the fold 3-5%
 * slower (old and new folding alternately in one process).
 */
function clampVariation(lines: readonly CartLine[], catalog: LocationCatalog, counts: StockCounts, variationId: string): ClampResult {
  const entry = catalog.variations.get(variationId);
  if (!entry) return { lines, removedCount: 0, clamped: NOTHING_CLAMPED };
  const stock = availableStock(counts, entry.variation);
  let taken = 0;
  let kept: CartLine[] | undefined;
  let clamped: ClampedLine[] | undefined;
  let removedCount = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.variationId !== variationId) {
      kept?.push(line);
      continue;
    }
    const quantity = Math.min(line.quantity, Math.max(0, stock - taken));
    if (!(quantity > 0)) {
      kept ??= lines.slice(0, i);
      removedCount++;
      continue;
    }
    taken += quantity;
    if (quantity < line.quantity) {
      kept ??= lines.slice(0, i);
      (clamped ??= []).push({ key: line.key, from: line.quantity, to: quantity });
      kept.push(lineWithQuantity(line, quantity));
    } else {
      kept?.push(line);
    }
  }
  return kept === undefined ? { lines, removedCount, clamped: NOTHING_CLAMPED } : { lines: kept, removedCount, clamped: clamped ?? NOTHING_CLAMPED };
}

/** The clamped lines of a bag the rule kept as it was. */
export const NOTHING_CLAMPED: readonly ClampedLine[] = Object.freeze([]);

/** No counts: what a bag is clamped with at a location whose counts have not arrived (one object, so memos can match it). */
export const NO_COUNTS: Readonly<Record<string, number>> = Object.freeze({});

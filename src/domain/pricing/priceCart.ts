// The price of a bag (ordering.md sections 3, 4 and 9): the same function gives the browser's preview and the
// sandbox's charge, so they agree to the cent.
//
// Pinned definitions:
// - grossSales(line) = (variation price + sum of chosen modifier prices) x quantity
// - subTotal = sum of grossSales
// - totalDiscounts = sum of the lines' discounts (at most one coupon or reward per order)
// - totalTaxes = sum of the ADDITIVE taxes, both phases; totalInclusiveTaxes is reported separately, never added
// - totalTips = the tip
// - grandTotal = subTotal - totalDiscounts + totalTaxes + totalTips, always exactly
// - grossTotal = subTotal + the additive taxes the lines would carry with no discount (the order before any
//   discount and tip; the tip rule falls back to it)
import * as E from 'fp-ts/lib/Either.js';
import type { IndexedItem, LocationCatalog } from '../catalog/catalogIndex';
import type { Tax } from '../catalog/codecs';
import type { CartLine } from '../cart/cartLine';
import type { Discount } from '../discounts/codecs';
import { problem } from '../codec';
import { discountAmount, splitDiscount, type DiscountSplit, type DiscountableLine } from './discounts';
import { computeTaxes, type TaxAmount, type TaxOutcome } from './taxes';

/** One bag line priced; money in minor units. */
export interface PricedLine {
  readonly key: string;
  readonly itemId: string;
  readonly variationId: string;
  readonly quantity: number;
  /** Variation price plus the chosen modifiers' prices, for one unit. */
  readonly unitPrice: number;
  /** unitPrice x quantity. */
  readonly grossSales: number;
  /** This line's share of the order's discount. */
  readonly discount: number;
  /** Additive taxes of this line (both phases). */
  readonly tax: number;
  /** Inclusive taxes contained in this line's price (reported, not added). */
  readonly inclusiveTax: number;
  /** grossSales - discount + tax. */
  readonly total: number;
}

/** The discount an order carries; amount 0 when it matches no line of the bag. */
export interface AppliedDiscount {
  readonly kind: Discount['kind'];
  readonly id: string;
  readonly name: string;
  readonly amount: number;
  /** The line an Items or Categories discount covers; null for EntireOrder or when nothing matched. */
  readonly lineKey: string | null;
}

/** What the bag costs; see the pinned definitions at the top of this file. */
export interface Preview {
  readonly subTotal: number;
  readonly grossTotal: number;
  readonly totalDiscounts: number;
  readonly totalTaxes: number;
  readonly totalInclusiveTaxes: number;
  readonly totalTips: number;
  readonly grandTotal: number;
  /** In bag order. */
  readonly lines: readonly PricedLine[];
  readonly lineItems: Readonly<Record<string, PricedLine>>;
  readonly appliedDiscount: AppliedDiscount | null;
  readonly taxes: readonly TaxAmount[];
}

export interface PriceOptions {
  readonly discount?: Discount | null | undefined;
  /** The tip in minor units (its maximum is the tip rule's business, see tip.ts). */
  readonly tipAmount?: number | undefined;
}

interface ResolvedLine extends DiscountableLine {
  readonly line: CartLine;
  readonly unitPrice: number;
  readonly taxes: readonly Tax[];
}

/**
 * What pricing keeps between one bag and the next: the last bag whose lines all resolved, at its location. A bag change
 * keeps most of its line objects in their places (a line added at the end, one replaced or removed), so resolving the
 * next bag takes those from here and works out only the new ones. Whoever prices bag after bag (a fold) owns one;
 * a price asked once needs none.
 */
export interface PricingMemo {
  resolved: { readonly catalog: LocationCatalog; readonly lines: readonly CartLine[]; readonly resolved: readonly ResolvedLine[] } | null;
}

/** A memo of its own for a caller that prices bag after bag. */
export function pricingMemo(): PricingMemo {
  return { resolved: null };
}

// The names of a line and a location, built only for a problem: most lines have none. (Functions of the module rather
// than closures made per line: this runs for every line of every bag change of a replayed log.)
const lineName = (line: CartLine, index: number) => `line ${index + 1} (key ${line.key})`;
const locationName = (catalog: LocationCatalog) => `location ${catalog.location.Name} (${catalog.location.Id})`;

function resolveLineAnew(catalog: LocationCatalog, line: CartLine, index: number, problems: string[]): ResolvedLine | null {
  const before = problems.length;
  const indexed = catalog.items.get(line.itemId);
  const found = catalog.variations.get(line.variationId);
  if (!indexed) problems.push(`${lineName(line, index)}: unknown item "${line.itemId}" at ${locationName(catalog)}`);
  if (!found) problems.push(`${lineName(line, index)}: unknown variation "${line.variationId}" at ${locationName(catalog)}`);
  else if (indexed && found.item.item.Id !== indexed.item.Id) {
    problems.push(`${lineName(line, index)}: variation "${line.variationId}" is not a variation of item "${indexed.item.Name}" (${line.itemId})`);
  }
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
    problems.push(problem(`${lineName(line, index)}: quantity`, 'a whole number of at least 1', line.quantity));
  const modifierTotal = indexed ? modifiersPrice(line, index, indexed, problems) : null;
  if (!indexed || !found || modifierTotal === null || problems.length > before) return null;
  const unitPrice = found.variation.Price + modifierTotal;
  const grossSales = unitPrice * line.quantity;
  if (!Number.isSafeInteger(grossSales)) {
    problems.push(problem(`${lineName(line, index)}: gross sales`, 'an amount below 2^53 minor units', grossSales));
    return null;
  }
  return {
    line,
    key: line.key,
    itemId: line.itemId,
    variationId: line.variationId,
    categoryIds: indexed.categoryIds,
    unitPrice,
    grossSales,
    taxes: indexed.taxes,
  };
}

/** The sum of the chosen modifiers' prices (each once), or null (with problems) when one is not offered with the item. */
function modifiersPrice(line: CartLine, index: number, indexed: IndexedItem, problems: string[]): number | null {
  let total = 0;
  let ok = true;
  for (const listId of Object.keys(line.modifiers)) {
    const chosen = line.modifiers[listId];
    if (chosen === undefined || chosen.length === 0) continue;
    const resolved = indexed.modifierLists.find((r) => r.list.Id === listId);
    if (!resolved) {
      problems.push(`${lineName(line, index)}: modifier list "${listId}" is not offered with item "${indexed.item.Name}" (${indexed.item.Id})`);
      ok = false;
      continue;
    }
    for (let k = 0; k < chosen.length; k++) {
      const modifierId = chosen[k]!;
      const modifier = resolved.modifiers.find((m) => m.Id === modifierId);
      if (!modifier) {
        problems.push(
          `${lineName(line, index)}: unknown modifier "${modifierId}" in list "${resolved.list.Name}" (${listId}) of item "${indexed.item.Name}" (${indexed.item.Id})`,
        );
        ok = false;
      } else if (chosen.indexOf(modifierId) === k) total += modifier.Price; // chosen twice is still chosen once
    }
  }
  return ok ? total : null;
}

/** The bag's lines resolved in bag order, each key once; problems name the lines that are not. */
function resolveLines(catalog: LocationCatalog, lines: readonly CartLine[], problems: string[], memo: PricingMemo | undefined): ResolvedLine[] {
  const before = problems.length;
  const earlier = memo === undefined ? null : memo.resolved;
  const changed = earlier !== null && earlier.catalog === catalog ? resolveChanged(catalog, lines, earlier, problems) : null;
  if (changed === null) problems.length = before;
  const resolved = changed ?? resolveEvery(catalog, lines, problems);
  if (memo !== undefined && problems.length === before) memo.resolved = { catalog, lines, resolved };
  return resolved;
}

/**
 * The lines resolved, taking each line that is the same object as the earlier bag's next one (or the one after it,
 * when a line was removed) from there; null when a new line's key is also another line's (the plain way then reports
 * it). The earlier bag's keys were each used once, so only a new line can bring a repeated key.
 */
function resolveChanged(
  catalog: LocationCatalog,
  lines: readonly CartLine[],
  earlier: NonNullable<PricingMemo['resolved']>,
  problems: string[],
): ResolvedLine[] | null {
  const resolved: ResolvedLine[] = [];
  let fresh: number[] | undefined;
  let j = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (earlier.lines[j] === line) {
      resolved.push(earlier.resolved[j++]!);
    } else if (earlier.lines[j + 1] === line) {
      resolved.push(earlier.resolved[j + 1]!);
      j += 2;
    } else {
      (fresh ??= []).push(i);
      const r = resolveLineAnew(catalog, line, i, problems);
      if (r) resolved.push(r);
    }
  }
  if (fresh !== undefined) {
    for (const f of fresh) {
      const key = lines[f]!.key;
      for (let i = 0; i < lines.length; i++) if (i !== f && lines[i]!.key === key) return null;
    }
  }
  return resolved;
}

/** Every line resolved anew, in bag order, each key once. */
function resolveEvery(catalog: LocationCatalog, lines: readonly CartLine[], problems: string[]): ResolvedLine[] {
  const resolved: ResolvedLine[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const earlier = seen.get(line.key);
    if (earlier !== undefined) problems.push(`line ${i + 1} (key ${line.key}): the key is already used by line ${earlier + 1}`);
    else seen.set(line.key, i);
    const r = resolveLineAnew(catalog, line, i, problems);
    if (r) resolved.push(r);
  }
  return resolved;
}

/** The discount and taxes of resolved lines: everything of a Preview but the tip and the priced lines. */
interface Totals {
  readonly subTotal: number;
  /** The additive taxes the lines would carry with no discount, worked out when asked for. */
  readonly undiscountedTaxes: () => number;
  readonly totalDiscounts: number;
  readonly perLineDiscount: readonly number[] | undefined;
  readonly split: DiscountSplit | null;
  readonly taxed: TaxOutcome;
}

function totalsOf(catalog: LocationCatalog, resolved: readonly ResolvedLine[], discount: Discount | null): Totals {
  const n = resolved.length;
  const grossAmounts = new Array<number>(n);
  const lineTaxes = new Array<readonly Tax[]>(n);
  let subTotal = 0;
  for (let i = 0; i < n; i++) {
    const r = resolved[i]!;
    grossAmounts[i] = r.grossSales;
    lineTaxes[i] = r.taxes;
    subTotal += r.grossSales;
  }

  const split = discount === null ? null : splitDiscount(discount, resolved);
  const perLineDiscount = split?.perLine;
  const discounted = perLineDiscount ? grossAmounts.map((g, i) => g - perLineDiscount[i]!) : grossAmounts;
  const taxed = computeTaxes(catalog.taxes.values(), lineTaxes, discounted);
  const undiscountedTaxes = () =>
    split && split.amount > 0 ? computeTaxes(catalog.taxes.values(), lineTaxes, grossAmounts).totalAdditive : taxed.totalAdditive;
  let totalDiscounts = 0;
  if (perLineDiscount) for (let i = 0; i < n; i++) totalDiscounts += perLineDiscount[i]!;
  return { subTotal, undiscountedTaxes, totalDiscounts, perLineDiscount, split, taxed };
}

/**
 * Prices a bag at a location: gross sales, the one discount (before taxes), taxes once per tax over what it covers,
 * the tip, and the totals (ordering.md section 9). Every unknown item, variation or modifier is reported, naming
 * its line; a discount matching no line is applied with amount 0. A caller pricing bag after bag may bring its memo.
 */
export function priceCart(catalog: LocationCatalog, lines: readonly CartLine[], options: PriceOptions = {}, memo?: PricingMemo): E.Either<string[], Preview> {
  const problems: string[] = [];
  const tip = options.tipAmount ?? 0;
  if (!Number.isSafeInteger(tip) || tip < 0) problems.push(problem('tipAmount', 'integer minor units, not negative', tip));
  const resolved = resolveLines(catalog, lines, problems, memo);
  if (problems.length > 0) return E.left(problems);

  const discount = options.discount ?? null;
  const { subTotal, undiscountedTaxes, totalDiscounts, perLineDiscount, split, taxed } = totalsOf(catalog, resolved, discount);
  const n = resolved.length;
  const priced = new Array<PricedLine>(n);
  const entries = new Array<[string, PricedLine]>(n);
  for (let i = 0; i < n; i++) {
    const r = resolved[i]!;
    const lineDiscount = perLineDiscount ? perLineDiscount[i]! : 0;
    const tax = taxed.additive[i]!;
    const pricedLine: PricedLine = {
      key: r.key,
      itemId: r.itemId,
      variationId: r.variationId,
      quantity: r.line.quantity,
      unitPrice: r.unitPrice,
      grossSales: r.grossSales,
      discount: lineDiscount,
      tax,
      inclusiveTax: taxed.inclusive[i]!,
      total: r.grossSales - lineDiscount + tax,
    };
    priced[i] = pricedLine;
    entries[i] = [r.key, pricedLine];
  }

  return E.right({
    subTotal,
    grossTotal: subTotal + undiscountedTaxes(),
    totalDiscounts,
    totalTaxes: taxed.totalAdditive,
    totalInclusiveTaxes: taxed.totalInclusive,
    totalTips: tip,
    grandTotal: subTotal - totalDiscounts + taxed.totalAdditive + tip,
    lines: priced,
    lineItems: Object.fromEntries(entries),
    appliedDiscount:
      discount === null || split === null ? null : { kind: discount.kind, id: discount.Id, name: discount.Name, amount: split.amount, lineKey: split.lineKey },
    taxes: taxed.taxes,
  });
}

/**
 * The totals of a bag before its tip, as `priceCart` adds them up; what the tip rule needs, without the priced lines.
 * The subtotal and the discount's amount come first; the taxes are worked out on first read of a total that needs them.
 */
export interface BagTotals {
  readonly subTotal: number;
  /** What the discount takes off (its shares over the lines add up to it, so it is also totalDiscounts). */
  readonly discountAmount: number;
  /** Every line's gross sales is 0 or more, so no tax is below 0 either. */
  readonly noNegativeLine: boolean;
  readonly totalDiscounts: number;
  readonly totalTaxes: number;
  readonly grossTotal: number;
}

/** `priceCart`'s totals without building its lines (the bag rules check a tip on every change); null where it refuses the bag. */
export function bagTotals(catalog: LocationCatalog, lines: readonly CartLine[], discount: Discount | null, memo?: PricingMemo): BagTotals | null {
  const problems: string[] = [];
  const resolved = resolveLines(catalog, lines, problems, memo);
  if (problems.length > 0) return null;
  return new LazyTotals(catalog, resolved, discount);
}

/**
 * A class rather than an object literal with getters: the engine builds such a literal on its slow path, each time
 * (about 2 microseconds; a 100,000-event replay checks a tip about 7,000 times).
 */
class LazyTotals implements BagTotals {
  readonly subTotal: number;
  readonly discountAmount: number;
  readonly noNegativeLine: boolean;
  private totals: Totals | undefined;
  private gross: number | undefined;

  constructor(
    private readonly catalog: LocationCatalog,
    private readonly resolved: readonly ResolvedLine[],
    private readonly discount: Discount | null,
  ) {
    let subTotal = 0;
    let noNegativeLine = true;
    for (const r of resolved) {
      subTotal += r.grossSales;
      if (r.grossSales < 0) noNegativeLine = false;
    }
    this.subTotal = subTotal;
    this.discountAmount = discount === null ? 0 : discountAmount(discount, resolved);
    this.noNegativeLine = noNegativeLine;
  }

  private full(): Totals {
    return (this.totals ??= totalsOf(this.catalog, this.resolved, this.discount));
  }

  get totalDiscounts(): number {
    return this.full().totalDiscounts;
  }

  get totalTaxes(): number {
    return this.full().taxed.totalAdditive;
  }

  get grossTotal(): number {
    return (this.gross ??= this.subTotal + this.full().undiscountedTaxes());
  }
}

// The bag rules as first written, before they were made fast: plain loops, no indexes, no memos. Property tests hold
// the fast versions in src/ to these, value for value.
import type { IndexedItem, LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { Tax } from '../../src/domain/catalog/codecs';
import type { CartLine } from '../../src/domain/cart/cartLine';
import { choicesOf, countChosen, isOptionOutOfStock, modifierListRule } from '../../src/domain/items/modifierRules';
import { availableStock, type ClampResult, type ClampedLine, type StockCounts } from '../../src/domain/items/stock';
import { applyRatio, insideRatio, percentRatio, spreadByWeight } from '../../src/domain/pricing/rounding';
import type { TaxOutcome } from '../../src/domain/pricing/taxes';

/** clampLinesToStock: every line counted, a new bag built every time (the same array back when nothing changed). */
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

/** knownCount: a Map's entry, or a record's own property (never one it inherits). */
export function plainKnownCount(counts: StockCounts, variationId: string): number | undefined {
  if (counts instanceof Map) return counts.get(variationId);
  const record = counts as Readonly<Record<string, number>>;
  return Object.hasOwn(record, variationId) ? record[variationId] : undefined;
}

/** lineValidAt: each list and option searched for in the item's own arrays. */
export function plainLineValidAt(catalog: LocationCatalog, line: CartLine): boolean {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) return false;
  const entry = catalog.variations.get(line.variationId);
  if (!entry || entry.item.item.Id !== line.itemId) return false;
  return plainChoicesValidFor(entry.item, line.modifiers);
}

export function plainChoicesValidFor(item: IndexedItem, modifiers: CartLine['modifiers']): boolean {
  for (const listId in modifiers) {
    if (!Object.hasOwn(modifiers, listId)) continue;
    const chosen = modifiers[listId] ?? [];
    if (chosen.length === 0) continue;
    const list = item.modifierLists.find((l) => l.list.Id === listId);
    if (!list) return false;
    for (const [i, id] of chosen.entries()) {
      if (chosen.indexOf(id) !== i) return false;
      const option = list.modifiers.find((m) => m.Id === id);
      if (!option || isOptionOutOfStock(option)) return false;
    }
  }
  for (const list of item.modifierLists) {
    const rule = modifierListRule(list);
    const n = countChosen(list, choicesOf(modifiers, list.list.Id));
    if (n < rule.min || n > rule.max) return false;
  }
  return true;
}

/** computeTaxes: groups, the location's order and each tax's amount in maps and sets. */
export function plainComputeTaxes(locationTaxes: Iterable<Tax>, lineTaxes: readonly (readonly Tax[])[], amounts: readonly number[]): TaxOutcome {
  const n = amounts.length;
  const additive = new Array<number>(n).fill(0);
  const inclusive = new Array<number>(n).fill(0);
  const groups = new Map<string, { tax: Tax; lines: number[] }>();
  for (let i = 0; i < n; i++) {
    for (const tax of lineTaxes[i] ?? []) {
      const group = groups.get(tax.Id);
      if (!group) groups.set(tax.Id, { tax, lines: [i] });
      else if (group.lines[group.lines.length - 1] !== i) group.lines.push(i);
    }
  }
  if (groups.size === 0) return { additive, inclusive, totalAdditive: 0, totalInclusive: 0, taxes: [] };
  const ordered: { tax: Tax; lines: number[] }[] = [];
  const listed = new Set<string>();
  for (const tax of locationTaxes) {
    const group = groups.get(tax.Id);
    if (group) ordered.push(group);
    listed.add(tax.Id);
  }
  for (const [id, group] of groups) if (!listed.has(id)) ordered.push(group);
  const amountOf = new Map<string, number>();
  const subtotalAdditive = new Array<number>(n).fill(0);
  let totalAdditive = 0;
  let totalInclusive = 0;
  for (const phase of ['Subtotal', 'Total'] as const) {
    for (const { tax, lines } of ordered) {
      if (tax.CalculationPhase !== phase) continue;
      const bases = lines.map((i) => (phase === 'Subtotal' ? amounts[i]! : amounts[i]! + subtotalAdditive[i]!));
      let base = 0;
      for (const b of bases) base += b;
      const rate = percentRatio(tax.Percentage) ?? { num: 0, den: 1, big: null };
      const amount = applyRatio(base, tax.InclusionType === 'Inclusive' ? insideRatio(rate) : rate, 'half-even');
      const shares = spreadByWeight(amount, bases);
      const isInclusive = tax.InclusionType === 'Inclusive';
      for (let k = 0; k < lines.length; k++) {
        const i = lines[k]!;
        const share = shares[k]!;
        if (isInclusive) inclusive[i] = inclusive[i]! + share;
        else {
          additive[i] = additive[i]! + share;
          if (phase === 'Subtotal') subtotalAdditive[i] = subtotalAdditive[i]! + share;
        }
      }
      if (isInclusive) totalInclusive += amount;
      else totalAdditive += amount;
      amountOf.set(tax.Id, amount);
    }
  }
  const taxes = ordered.map(({ tax }) => ({
    id: tax.Id,
    name: tax.Name,
    percentage: tax.Percentage,
    phase: tax.CalculationPhase,
    inclusion: tax.InclusionType,
    amount: amountOf.get(tax.Id) ?? 0,
  }));
  return { additive, inclusive, totalAdditive, totalInclusive, taxes };
}

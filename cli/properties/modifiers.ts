// Rule properties of modifier lists, the item panel, stock and reorder (ordering.md sections 4 and 5), run by
// `countertop check` and by the tests over the given catalogs and over random catalogs built here (every
// combination of list limits, defaults, sold-out options, tracked and untracked variations).
import * as fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { decodeCatalog, type CatalogIndex, type IndexedItem, type LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import type { ItemModifierList } from '../../src/domain/catalog/codecs';
import type { CartLine } from '../../src/domain/cart/cartLine';
import type { OrderLineItem } from '../../src/domain/orders/codecs';
import {
  applyStock,
  chooseVariation,
  openForAdd,
  openForEdit,
  panelToLine,
  panelView,
  setNote,
  setQuantity,
  toggleModifier,
  type PanelStock,
  type PanelState,
} from '../../src/domain/items/itemPanel';
import { lineValidAt } from '../../src/domain/items/lineValidity';
import { modifierListRule } from '../../src/domain/items/modifierRules';
import { reorderLine } from '../../src/domain/items/reorder';
import { clampLinesToStock } from '../../src/domain/items/stock';
import { ruleProperty, type RuleProperty } from './ruleProperty';

function check(holds: boolean, message: string): void {
  if (!holds) throw new Error(message);
}

/** Counterexamples print `text` instead of the catalog's maps. */
function printedAs<T extends object>(value: T, text: string): T {
  return Object.defineProperty({ ...value }, fc.toStringMethod, { value: () => text, enumerable: false });
}

const limitArb = fc.option(fc.integer({ min: -1, max: 6 }), { nil: undefined });

/** A random one-location catalog aimed at the modifier rules. */
function modifierCatalogArb(): fc.Arbitrary<LocationCatalog> {
  const option = fc.record({ price: fc.nat({ max: 500 }), stock: fc.option(fc.integer({ min: -1, max: 3 }), { nil: undefined }), onByDefault: fc.boolean() });
  const ref = fc.record({
    pick: fc.nat(),
    min: limitArb,
    max: limitArb,
    overrides: fc.array(fc.record({ pick: fc.nat(), on: fc.boolean() }), { maxLength: 2 }),
  });
  return fc
    .record({
      lists: fc.array(fc.record({ single: fc.boolean(), options: fc.array(option, { maxLength: 5 }) }), { maxLength: 4 }),
      items: fc.array(
        fc.record({
          variations: fc.array(fc.record({ price: fc.nat({ max: 2000 }), tracked: fc.boolean() }), { minLength: 1, maxLength: 3 }),
          refs: fc.array(ref, { maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .map((draft) => {
      const lists = draft.lists.map((l, i) => ({
        Id: `list-${i}`,
        Name: `List ${i}`,
        SelectionType: l.single ? ('Single' as const) : ('Multiple' as const),
        Modifiers: l.options.map((o, j) => ({
          Id: `list-${i}-option-${j}`,
          Name: `Option ${i}.${j}`,
          Price: o.price,
          OnByDefault: o.onByDefault,
          ...(o.stock === undefined ? {} : { QuantityAvailable: o.stock }),
        })),
      }));
      const items = draft.items.map((d, i) => {
        const refs = new Map<string, ItemModifierList>();
        for (const r of d.refs) {
          const list = lists[r.pick % Math.max(1, lists.length)];
          if (!list || refs.has(list.Id)) continue;
          const [min, max] = r.min !== undefined && r.max !== undefined && r.min > 0 && r.max > 0 && r.min > r.max ? [r.max, r.min] : [r.min, r.max];
          const overrides =
            list.Modifiers.length === 0 ? [] : r.overrides.map((o) => ({ Id: list.Modifiers[o.pick % list.Modifiers.length]!.Id, OnByDefault: o.on }));
          refs.set(list.Id, {
            Id: list.Id,
            MinSelectedModifiers: min,
            MaxSelectedModifiers: max,
            Modifiers: [...new Map(overrides.map((o) => [o.Id, o])).values()],
          });
        }
        return {
          Id: `item-${i}`,
          Name: `Item ${i}`,
          Variations: d.variations.map((v, j) => ({ Id: `item-${i}-variation-${j}`, Name: `Size ${j}`, Price: v.price, TrackInventory: v.tracked })),
          ModifierLists: [...refs.values()],
        };
      });
      const catalog = {
        Name: 'Generated',
        Locations: [
          {
            Id: 'generated',
            Name: 'Generated',
            Timezone: 'America/New_York',
            Address: { AddressLine1: '1 Main St', Locality: 'Springfield', PostalCode: '10001' },
            Hours: [],
            PrepTime: 'PT15M',
            ModifierLists: lists,
            Categories: [{ Id: 'all', Name: 'All', Items: items }],
          },
        ],
      };
      const decoded = decodeCatalog(catalog);
      if (E.isLeft(decoded)) throw new Error(`modifierCatalogArb built an invalid catalog:\n${decoded.left.join('\n')}`);
      return printedAs(decoded.right.byLocation.get('generated')!, JSON.stringify(catalog));
    });
}

/** A location of the given catalogs (named in counterexamples) or a random one. */
function locationArb(catalogs: readonly CatalogIndex[]): fc.Arbitrary<LocationCatalog> {
  const known = catalogs
    .flatMap((index) => [...index.byLocation.values()])
    .filter((l) => l.items.size > 0)
    .map((l) => printedAs(l, `location ${l.location.Name} (${l.location.Id})`));
  return known.length === 0 ? modifierCatalogArb() : fc.oneof(fc.constantFrom(...known), modifierCatalogArb());
}

/** Counts for some of the given variation ids (the rest unknown), as the inventory slice keeps them. */
function countsArb(variationIds: readonly string[]): fc.Arbitrary<Record<string, number>> {
  return fc
    .array(fc.tuple(fc.nat(), fc.integer({ min: -1, max: 6 })), { maxLength: Math.min(8, variationIds.length * 2) })
    .map((picks) => Object.fromEntries(picks.map(([pick, count]) => [variationIds[pick % variationIds.length]!, count])));
}

type Gesture =
  | { readonly kind: 'variation'; readonly pick: number }
  | { readonly kind: 'toggle'; readonly list: number; readonly option: number }
  | { readonly kind: 'quantity'; readonly value: number; readonly withStock: boolean }
  | { readonly kind: 'note'; readonly text: string }
  | { readonly kind: 'stock' };

const gestureArb: fc.Arbitrary<Gesture> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('variation' as const), pick: fc.nat() }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('toggle' as const), list: fc.nat(), option: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('quantity' as const), value: fc.integer({ min: -2, max: 9 }), withStock: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('note' as const), text: fc.string({ maxLength: 60 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'stock' as const }) },
);

function apply(state: PanelState, gesture: Gesture, stock: PanelStock): PanelState {
  const { item } = state;
  switch (gesture.kind) {
    case 'variation':
      return chooseVariation(state, item.variations[gesture.pick % item.variations.length]!.Id);
    case 'toggle': {
      const list = item.modifierLists[gesture.list % Math.max(1, item.modifierLists.length)];
      const option = list?.modifiers[gesture.option % Math.max(1, list.modifiers.length)];
      return list && option ? toggleModifier(state, list.list.Id, option.Id) : state;
    }
    case 'quantity':
      return setQuantity(state, gesture.value, gesture.withStock ? stock : undefined);
    case 'note':
      return setNote(state, gesture.text);
    case 'stock':
      return applyStock(state, stock);
  }
}

/** A panel session: an item, how it was opened (add, or edit of a possibly stale line), stock, and gestures. */
interface Session {
  readonly catalog: LocationCatalog;
  readonly item: IndexedItem;
  readonly states: readonly PanelState[];
  readonly stock: PanelStock;
}

function sessionArb(catalogs: readonly CatalogIndex[], options: { addOnly?: boolean } = {}): fc.Arbitrary<Session> {
  return locationArb(catalogs).chain((catalog) =>
    fc.constantFrom(...catalog.items.values()).chain((item) => {
      const variationIds = item.variations.map((v) => v.Id);
      const optionIds = item.modifierLists.flatMap((l) => l.modifiers.map((m) => [l.list.Id, m.Id] as const));
      const edited = fc.record({
        variation: fc.oneof(fc.constantFrom(...variationIds), fc.constant('no-such-variation')),
        quantity: fc.integer({ min: 0, max: 5 }),
        picks: optionIds.length === 0 ? fc.constant([]) : fc.subarray([...optionIds]),
        note: fc.string({ maxLength: 60 }),
      });
      const otherLine = fc.record({ pick: fc.nat(), quantity: fc.integer({ min: 1, max: 4 }) });
      return fc
        .record({
          editing: options.addOnly ? fc.constant(null) : fc.option(edited, { nil: null }),
          others: fc.array(otherLine, { maxLength: 3 }),
          counts: countsArb(variationIds),
          gestures: fc.array(gestureArb, { maxLength: 25 }),
        })
        .map(({ editing, others, counts, gestures }) => {
          const cart: CartLine[] = others.map((o, i) => ({
            key: `bag-${i}`,
            itemId: item.item.Id,
            variationId: variationIds[o.pick % variationIds.length]!,
            quantity: o.quantity,
            modifiers: {},
            note: '',
          }));
          let state: PanelState;
          if (editing) {
            const modifiers: Record<string, string[]> = {};
            for (const [listId, id] of editing.picks) (modifiers[listId] ??= []).push(id);
            const line: CartLine = {
              key: 'editing',
              itemId: item.item.Id,
              variationId: editing.variation,
              quantity: editing.quantity,
              modifiers,
              note: editing.note,
            };
            cart.unshift(line);
            state = openForEdit(item, line);
          } else {
            state = openForAdd(item);
          }
          const stock = { counts, cart };
          const states = [state];
          for (const gesture of gestures) states.push((state = apply(state, gesture, stock)));
          return { catalog, item, states, stock };
        });
    }),
  );
}

/** Stock left for the panel's variation, read independently of stock.ts: undefined with none chosen. */
function stockLeft(state: PanelState, stock: PanelStock): number | undefined {
  const variation = state.item.variations.find((v) => v.Id === state.variationId);
  if (!variation) return undefined;
  const counts = stock.counts as Record<string, number>;
  if (variation.TrackInventory !== true || !Object.hasOwn(counts, variation.Id)) return Infinity;
  const held = stock.cart.filter((l) => l.variationId === variation.Id && l.key !== state.editingKey).reduce((a, l) => a + l.quantity, 0);
  return Math.max(0, Math.max(0, counts[variation.Id]!) - held);
}

const last = (s: Session) => s.states[s.states.length - 1]!;

export const modifierProperties: RuleProperty[] = [
  ruleProperty("choosing options through the panel never goes above a list's maximum nor picks an out-of-stock option", (catalogs) =>
    fc.property(sessionArb(catalogs, { addOnly: true }), (s) => {
      for (const state of s.states) {
        for (const list of s.item.modifierLists) {
          const chosen = state.modifiers[list.list.Id] ?? [];
          const rule = modifierListRule(list);
          check(chosen.length <= rule.max, `${list.list.Name}: ${chosen.length} chosen, maximum ${rule.max}`);
          for (const id of chosen) {
            const option = list.modifiers.find((m) => m.Id === id);
            check(option !== undefined, `${id} is not an option of ${list.list.Name}`);
            check(!(option!.QuantityAvailable !== undefined && option!.QuantityAvailable <= 0), `${id} is out of stock but chosen`);
          }
        }
      }
    }),
  ),

  ruleProperty('the action is allowed exactly when there are no messages and the stock left covers the quantity (a Remove always is)', (catalogs) =>
    fc.property(sessionArb(catalogs), (s) => {
      const state = last(s);
      const view = panelView(state, s.stock);
      const left = stockLeft(state, s.stock);
      const remove = state.mode === 'edit' && state.quantity === 0;
      check(view.action === (state.mode === 'add' ? 'Add to Bag' : remove ? 'Remove' : 'Update'), `action ${view.action}`);
      check(state.quantity >= (state.mode === 'add' ? 1 : 0), `quantity ${state.quantity} in ${state.mode} mode`);
      check(view.remaining === left, `remaining ${view.remaining}, expected ${left}`);
      const stockAllows = remove || (left !== undefined && state.quantity <= left);
      check(
        view.canSubmit === (view.errors.length === 0 && stockAllows),
        `canSubmit ${view.canSubmit} with errors [${view.errors.join('; ')}], stock allows ${stockAllows}`,
      );
      check(view.firstError === view.errors[0], 'firstError is not the first error');
      check(!remove || view.errors.length === 0, 'a Remove shows errors');
    }),
  ),

  ruleProperty('estimated cost is (variation price + chosen option prices) x quantity, and a price range shows until a variation is chosen', (catalogs) =>
    fc.property(sessionArb(catalogs), (s) => {
      const state = last(s);
      const view = panelView(state, s.stock);
      const variation = s.item.item.Variations.find((v) => v.Id === state.variationId);
      if (!variation) {
        const prices = s.item.item.Variations.map((v) => v.Price);
        check(view.estimatedCost === undefined, 'a cost shows with no variation');
        check(view.range?.min === Math.min(...prices) && view.range.max === Math.max(...prices), `range ${JSON.stringify(view.range)}`);
        return;
      }
      let options = 0;
      for (const [listId, ids] of Object.entries(state.modifiers)) {
        for (const id of ids) options += s.catalog.modifierLists.get(listId)?.Modifiers.find((m) => m.Id === id)?.Price ?? NaN;
      }
      const expected = (variation.Price + options) * state.quantity;
      check(view.estimatedCost === expected, `estimated ${view.estimatedCost}, expected ${expected}`);
      check(view.range === undefined, 'a range shows with a variation chosen');
    }),
  ),

  ruleProperty(
    'clamping the bag to stock keeps each variation within its stock, earlier lines first, drops only lines left with none, and counts them',
    (catalogs) =>
      fc.property(
        locationArb(catalogs).chain((catalog) => {
          const ids = [...catalog.variations.keys(), 'no-such-variation'];
          return fc.record({
            catalog: fc.constant(catalog),
            lines: fc.array(fc.record({ pick: fc.nat(), quantity: fc.integer({ min: 1, max: 6 }) }), { maxLength: 8 }),
            counts: countsArb(ids),
          });
        }),
        ({ catalog, lines: drafts, counts }) => {
          const ids = [...catalog.variations.keys(), 'no-such-variation'];
          const lines: CartLine[] = drafts.map((d, i) => {
            const variationId = ids[d.pick % ids.length]!;
            return {
              key: `line-${i}`,
              itemId: catalog.variations.get(variationId)?.item.item.Id ?? 'no-such-item',
              variationId,
              quantity: d.quantity,
              modifiers: {},
              note: '',
            };
          });
          const result = clampLinesToStock(lines, catalog, counts);
          check(
            result.removedCount === lines.length - result.lines.length,
            `removedCount ${result.removedCount}, ${lines.length - result.lines.length} dropped`,
          );
          const left = new Map<string, number>();
          let next = 0;
          for (const line of lines) {
            const entry = catalog.variations.get(line.variationId);
            const tracked = entry?.variation.TrackInventory === true && Object.hasOwn(counts, line.variationId);
            const stock = left.get(line.variationId) ?? (tracked ? Math.max(0, counts[line.variationId]!) : Infinity);
            const expected = Math.min(line.quantity, stock);
            left.set(line.variationId, stock - expected);
            if (expected === 0) continue;
            const kept = result.lines[next++];
            check(kept?.key === line.key && kept.quantity === expected, `${line.key}: kept ${JSON.stringify(kept)}, expected quantity ${expected}`);
            const clamped = result.clamped.find((c) => c.key === line.key);
            check(
              expected < line.quantity ? clamped?.from === line.quantity && clamped.to === expected : clamped === undefined,
              `${line.key}: clamped ${JSON.stringify(clamped)}`,
            );
          }
          check(next === result.lines.length, 'lines appeared that were not in the bag');
          check(
            result.lines.every((l) => l.quantity >= 1),
            'a line with quantity 0 was kept',
          );
        },
      ),
  ),

  ruleProperty('every line the panel makes without messages is valid at its location', (catalogs) =>
    fc.property(sessionArb(catalogs), (s) => {
      const state = last(s);
      const view = panelView(state, s.stock);
      const made = panelToLine(state, 'new');
      if (view.errors.length > 0) {
        check(E.isLeft(made) && made.left === view.errors[0], `panelToLine gave ${JSON.stringify(made)} with errors [${view.errors.join('; ')}]`);
        return;
      }
      check(E.isRight(made), `panelToLine refused: ${E.isLeft(made) ? made.left : ''}`);
      if (E.isRight(made) && view.action !== 'Remove') check(lineValidAt(s.catalog, made.right), `invalid line ${JSON.stringify(made.right)}`);
    }),
  ),

  ruleProperty('a reorder of a line the panel made is valid at its location and within the stock left, and fails only for want of stock', (catalogs) =>
    fc.property(sessionArb(catalogs, { addOnly: true }), fc.integer({ min: 1, max: 8 }), (s, quantity) => {
      const made = panelToLine(setQuantity(last(s), quantity), 'new');
      if (E.isLeft(made)) return;
      const line = made.right;
      const names = new Map(s.item.modifierLists.flatMap((l) => l.modifiers.map((m) => [m.Id, m] as const)));
      const orderLine: OrderLineItem = {
        Uid: 'u',
        ItemName: s.item.item.Name,
        ItemId: line.itemId,
        VariationId: line.variationId,
        Quantity: line.quantity,
        BasePrice: 0,
        GrossSales: 0,
        TotalTax: 0,
        TotalDiscount: 0,
        Total: 0,
        Note: line.note,
        Modifiers: Object.values(line.modifiers)
          .flat()
          .map((id) => ({ Id: id, Name: names.get(id)?.Name ?? id, BasePrice: names.get(id)?.Price ?? 0 })),
      };
      const left = stockLeft({ ...last(s), variationId: line.variationId, editingKey: undefined }, s.stock)!;
      const result = reorderLine(s.catalog, orderLine, s.stock.counts, s.stock.cart);
      if (E.isLeft(result)) {
        check(left < 1, `reorder refused with ${left} left: ${result.left}`);
        return;
      }
      const again = result.right.line;
      check(lineValidAt(s.catalog, { key: 'again', ...again }), `invalid reorder ${JSON.stringify(again)}`);
      check(again.quantity === Math.min(line.quantity, left), `quantity ${again.quantity}, ordered ${line.quantity}, left ${left}`);
      check((result.right.warning !== undefined) === again.quantity < line.quantity, `warning ${result.right.warning}`);
      check(JSON.stringify(again.modifiers) === JSON.stringify(line.modifiers), 'options changed');
    }),
  ),

  ruleProperty("after an inventory update the panel's quantity never exceeds the stock left, and a variation with none left is cleared", (catalogs) =>
    fc.property(sessionArb(catalogs), (s) => {
      const before = last(s);
      const after = applyStock(before, s.stock);
      if (before.variationId === undefined) {
        check(after === before, 'an update changed a panel with no variation');
        return;
      }
      const left = stockLeft(before, s.stock)!;
      if (left < 1)
        check(after.variationId === undefined && after.quantity === 1, `nothing left, yet ${JSON.stringify({ v: after.variationId, q: after.quantity })}`);
      else check(after.variationId === before.variationId && after.quantity === Math.min(before.quantity, left), `quantity ${after.quantity}, left ${left}`);
    }),
  ),
];

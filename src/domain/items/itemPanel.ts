// The item side panel as a pure state machine (ordering.md section 4 "Item panel", section 5 "Item panel"). The page
// keeps a PanelState, calls these transitions on each gesture, and renders `panelView`.
//
// Where the spec is silent:
// - Action labels: 'Add to Bag' in add mode, 'Update' in edit mode, 'Remove' in edit mode at quantity 0. A Remove
//   has no errors and is always allowed: nothing is being ordered, so nothing needs to be valid or in stock.
// - Opening a line to edit keeps only what the item still offers: an unknown variation is cleared; unknown or
//   sold-out options are unticked (the option shows 'out of stock'); choices above a list's maximum are kept, so the
//   shopper sees the message and chooses.
// - Options are held in the item's list order whatever order they were ticked in, so equal choices make equal lines.
// - A quantity asked above the stock left becomes the stock left and the warning shows until the quantity or the
//   variation changes; a quantity above the stock left for any other reason (counts fell) shows it too.
import * as E from 'fp-ts/lib/Either.js';
import type { IndexedItem, ResolvedModifierList } from '../catalog/catalogIndex';
import type { Variation } from '../catalog/codecs';
import type { CartLine } from '../cart/cartLine';
import { VARIATION_REQUIRED, onlyAvailable } from './messages';
import {
  type ModifierChoices,
  type ModifierListRule,
  type OptionState,
  choicesByList,
  choicesOf,
  choicesPrice,
  defaultChoices,
  modifierListRule,
  optionState,
  selectionErrors,
  tidyChoices,
} from './modifierRules';
import { type PriceRange, estimatedCost as costOf, priceRange } from './priceRange';
import { type StockCounts, remainingForPanel } from './stock';

/** Ordering.md section 9: item notes are at most 50 characters. */
export const NOTE_LIMIT = 50;

export interface PanelState {
  readonly item: IndexedItem;
  readonly mode: 'add' | 'edit';
  /** The bag line being edited; undefined in add mode. */
  readonly editingKey: string | undefined;
  readonly variationId: string | undefined;
  /** Chosen option ids by list id, in the item's list order. */
  readonly modifiers: ModifierChoices;
  readonly quantity: number;
  readonly note: string;
  /** The shopper asked for more than the stock left; the warning stays until the quantity or variation changes. */
  readonly stockLimitReached: boolean;
}

/** What the panel needs to know about stock: the location's counts and the bag as it is. */
export interface PanelStock {
  readonly counts: StockCounts;
  readonly cart: readonly CartLine[];
}

export type PanelAction = 'Add to Bag' | 'Update' | 'Remove';

export interface PanelView {
  /** Every message, variation first, then the lists in order. */
  readonly errors: readonly string[];
  readonly firstError: string | undefined;
  /** The action button is active. */
  readonly canSubmit: boolean;
  readonly action: PanelAction;
  /** Minor units; undefined until a variation is chosen (the range shows instead). */
  readonly estimatedCost: number | undefined;
  readonly range: PriceRange | undefined;
  readonly stockWarning: string | undefined;
  /** Stock left for the chosen variation (Infinity when unlimited); undefined with no variation chosen. */
  readonly remaining: number | undefined;
  readonly variations: readonly { readonly variation: Variation; readonly checked: boolean; readonly soldOut: boolean }[];
  readonly lists: readonly {
    readonly list: ResolvedModifierList;
    readonly rule: ModifierListRule;
    readonly options: readonly { readonly modifier: ResolvedModifierList['modifiers'][number]; readonly state: OptionState }[];
  }[];
}

/** Cut a note to NOTE_LIMIT code units without splitting an emoji in half. */
export function limitNote(note: string): string {
  if (note.length <= NOTE_LIMIT) return note;
  const cut = note.slice(0, NOTE_LIMIT);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** Ordering.md section 4: an opened item starts at quantity 1, its only variation chosen and its default options ticked. */
export function openForAdd(item: IndexedItem): PanelState {
  return {
    item,
    mode: 'add',
    editingKey: undefined,
    variationId: item.variations.length === 1 ? item.variations[0]?.Id : undefined,
    modifiers: defaultChoices(item),
    quantity: 1,
    note: '',
    stockLimitReached: false,
  };
}

/** Ordering.md section 4: editing a bag line loads its variation, options, quantity and note. */
export function openForEdit(item: IndexedItem, line: CartLine): PanelState {
  const known = item.variations.some((v) => v.Id === line.variationId);
  return {
    item,
    mode: 'edit',
    editingKey: line.key,
    variationId: known ? line.variationId : undefined,
    modifiers: tidyChoices(item, line.modifiers),
    quantity: Number.isFinite(line.quantity) ? Math.max(0, Math.trunc(line.quantity)) : 1,
    note: limitNote(line.note),
    stockLimitReached: false,
  };
}

/** The shopper picks a size or kind; ids the item does not have are ignored. */
export function chooseVariation(state: PanelState, variationId: string): PanelState {
  if (state.variationId === variationId || !state.item.variations.some((v) => v.Id === variationId)) return state;
  return { ...state, variationId, stockLimitReached: false };
}

/** The shopper taps an option; a disabled option, or a ticked radio, leaves the panel as it is. */
export function toggleModifier(state: PanelState, listId: string, modifierId: string): PanelState {
  const list = state.item.modifierLists.find((l) => l.list.Id === listId);
  const modifier = list?.modifiers.find((m) => m.Id === modifierId);
  if (!list || !modifier) return state;
  const rule = modifierListRule(list);
  const chosen = choicesOf(state.modifiers, listId);
  const option = optionState(rule, list, chosen, modifier);
  if (option.disabled) return state;
  let next: readonly string[];
  if (rule.control === 'radio') {
    if (option.checked) return state;
    next = [modifierId];
  } else if (option.checked) {
    next = chosen.filter((id) => id !== modifierId);
  } else {
    next = list.modifiers.filter((m) => m.Id === modifierId || chosen.includes(m.Id)).map((m) => m.Id);
  }
  const modifiers: [string, readonly string[]][] = [];
  for (const l of state.item.modifierLists) {
    const ids = l.list.Id === listId ? next : choicesOf(state.modifiers, l.list.Id);
    if (ids.length > 0) modifiers.push([l.list.Id, ids]);
  }
  return { ...state, modifiers: choicesByList(modifiers) };
}

/** Stock left for the chosen variation, or undefined when none is chosen. */
function remainingOf(state: PanelState, stock: PanelStock): number | undefined {
  const variation = state.item.variations.find((v) => v.Id === state.variationId);
  return variation ? remainingForPanel(stock.counts, variation, stock.cart, state.editingKey) : undefined;
}

/**
 * Ordering.md section 4: at least 1 in add mode, 0 allowed in edit mode; with stock given, a quantity above the stock
 * left becomes the stock left and the warning shows.
 */
export function setQuantity(state: PanelState, quantity: number, stock?: PanelStock): PanelState {
  if (!Number.isFinite(quantity)) return state;
  const floor = state.mode === 'add' ? 1 : 0;
  let next = Math.max(floor, Math.trunc(quantity));
  let stockLimitReached = false;
  const remaining = stock ? remainingOf(state, stock) : undefined;
  if (remaining !== undefined && next > remaining) {
    next = Math.max(floor, remaining);
    stockLimitReached = true;
  }
  if (next === state.quantity && stockLimitReached === state.stockLimitReached) return state;
  return { ...state, quantity: next, stockLimitReached };
}

/** Ordering.md section 9: the note is cut at 50 characters, as the text box would. */
export function setNote(state: PanelState, note: string): PanelState {
  const next = limitNote(note);
  return next === state.note ? state : { ...state, note: next };
}

/**
 * Ordering.md section 4: new counts cap the quantity at the stock left (the edited line's own quantity given back);
 * with nothing left the variation is cleared and the quantity reset to 1.
 */
export function applyStock(state: PanelState, stock: PanelStock): PanelState {
  if (state.variationId === undefined) return state;
  const remaining = remainingOf(state, stock) ?? 0;
  if (remaining <= 0) return { ...state, variationId: undefined, quantity: 1, stockLimitReached: false };
  if (state.quantity > remaining) return { ...state, quantity: remaining, stockLimitReached: true };
  return state;
}

/** The label of the action button. */
function panelAction(state: PanelState): PanelAction {
  if (state.mode === 'add') return 'Add to Bag';
  return state.quantity === 0 ? 'Remove' : 'Update';
}

/** Ordering.md section 5: the messages for the current choices; none for a Remove. */
export function panelErrors(state: PanelState): string[] {
  if (panelAction(state) === 'Remove') return [];
  const errors = selectionErrors(state.item, state.modifiers);
  if (state.variationId === undefined) errors.unshift(VARIATION_REQUIRED);
  return errors;
}

/** Everything the panel shows, derived from the state and the stock so the page holds no rules of its own. */
export function panelView(state: PanelState, stock: PanelStock): PanelView {
  const action = panelAction(state);
  const errors = panelErrors(state);
  const variation = state.item.variations.find((v) => v.Id === state.variationId);
  const remaining = remainingOf(state, stock);
  const stockAllows = action === 'Remove' || (remaining !== undefined && state.quantity <= remaining);
  const showWarning = action !== 'Remove' && remaining !== undefined && remaining !== Infinity && (state.quantity > remaining || state.stockLimitReached);
  return {
    errors,
    firstError: errors[0],
    canSubmit: errors.length === 0 && stockAllows,
    action,
    estimatedCost: variation ? costOf(variation.Price, choicesPrice(state.item, state.modifiers), state.quantity) : undefined,
    range: variation ? undefined : priceRange(state.item.item),
    stockWarning: showWarning ? onlyAvailable(remaining) : undefined,
    remaining,
    variations: state.item.variations.map((v) => ({
      variation: v,
      checked: v.Id === state.variationId,
      soldOut: remainingForPanel(stock.counts, v, stock.cart, state.editingKey) <= 0,
    })),
    lists: state.item.modifierLists.map((list) => {
      const rule = modifierListRule(list);
      const chosen = choicesOf(state.modifiers, list.list.Id);
      return { list, rule, options: list.modifiers.map((modifier) => ({ modifier, state: optionState(rule, list, chosen, modifier) })) };
    }),
  };
}

/**
 * The bag line the action makes, under the key the caller issued (keys arrive in events). A Remove gives the line at
 * quantity 0 (variation '' if none is chosen), which the bag's update reads as removal by key. Stock is the caller's
 * to check (`panelView(...).canSubmit`).
 */
export function panelToLine(state: PanelState, key: string): E.Either<string, CartLine> {
  const errors = panelErrors(state);
  if (errors[0] !== undefined) return E.left(errors[0]);
  return E.right({
    key,
    itemId: state.item.item.Id,
    variationId: state.variationId ?? '',
    quantity: state.quantity,
    modifiers: state.modifiers,
    note: state.note,
  });
}

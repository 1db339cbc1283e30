// The item side panel (ordering.md section 2 "Item side panel", section 4 "Item panel", section 5 "Item panel" and
// "Modifier lists"). The panel's state is the domain's PanelState; every gesture is one of its transitions and
// everything shown is its `panelView`, so this file only renders and calls commands. In add mode, beside 'Add to Bag',
// 'Add and Checkout' adds the same line and goes on to checkout, for the shopper whose order is this one item.
// The panel is open on an address of its own (shell/panelAddress.ts); its choices are kept as a draft while it is
// open (domain/items/panelDraft.ts), so a reload of that address opens it again as the shopper left it.
import * as E from 'fp-ts/lib/Either.js';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import type { CartLine } from '../../../domain/cart/cartLine';
import {
  NOTE_LIMIT,
  applyStock,
  chooseVariation,
  openForAdd,
  openForEdit,
  panelToLine,
  panelView,
  setNote,
  setQuantity,
  toggleModifier,
  type PanelState,
  type PanelStock,
} from '../../../domain/items/itemPanel';
import { draftChoices, panelChoices, resumePanel } from '../../../domain/items/panelDraft';
import { formatPriceRange } from '../../../domain/items/priceRange';
import { formatMoney } from '../../../domain/money';
import { useAnnounce } from '../../components/Announcer';
import { Dialog } from '../../components/Dialog';
import { FavoriteButton } from '../../components/FavoriteButton';
import { QuantityStepper } from '../../components/QuantityStepper';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { CLOSED_NOTICE } from '../../../domain/time/messages';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { keepDraft, PANEL_DRAFT, readDraft } from '../../shell/formDrafts';
import type { PanelTarget } from '../../shell/ItemPanelContext';
import { panelTargetKey } from '../../shell/panelAddress';
import { ModifierGroup, VariationGroup } from './PanelChoices';
import './itemPanel.css';

/** The panel's starting state for what was asked, or null when the item or the line is not there (any more). */
function openPanel(target: PanelTarget, location: LocationCatalog, lines: readonly CartLine[]): PanelState | null {
  if (target.mode === 'add') {
    const item = location.items.get(target.itemId);
    return item ? openForAdd(item) : null;
  }
  const line = lines.find((l) => l.key === target.lineKey);
  const item = line ? location.items.get(line.itemId) : undefined;
  return line && item ? openForEdit(item, line) : null;
}

/** The panel as it opens: afresh, or as its draft left it (a reload of its address). */
function openWithDraft(target: PanelTarget, location: LocationCatalog, stock: PanelStock): PanelState | null {
  const panel = openPanel(target, location, stock.cart);
  const choices = panel ? draftChoices(readDraft(PANEL_DRAFT), panelTargetKey(target)) : null;
  return panel && choices ? resumePanel(panel, choices, stock) : panel;
}

/** What a successful action tells the shopper. */
function doneMessage(action: 'Add to Bag' | 'Update' | 'Remove', name: string): string {
  if (action === 'Add to Bag') return `Added ${name} to your bag`;
  return action === 'Remove' ? `Removed ${name} from your bag` : `Updated ${name} in your bag`;
}

export function ItemPanel({ target, onClose }: { readonly target: PanelTarget | null; readonly onClose: (next?: string) => void }) {
  const views = useViews();
  const commands = useCommands();
  const announce = useAnnounce();
  const cart = useStateSlice((s) => s.bag.lines);
  const location = useView(views.location);
  const noteId = useId();
  const reasonId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);

  const counts = useView(views.counts);
  // A closed store is said before 'Add and Checkout', as the bag and checkout say it: the order will be for later.
  const closed = useView(views.open) === false;
  const stock: PanelStock = useMemo(() => ({ counts, cart }), [counts, cart]);

  // The panel state follows the target: a new target (even the same item again) starts afresh, or from its draft. An
  // address opened before the menu is there (no location chosen yet) waits for it.
  // `tried`: the shopper pressed the button while a choice was missing; until then what is missing is said without
  // an error colour (a panel that opens in red scolds the shopper for not having done anything yet).
  const [held, setHeld] = useState<{
    target: PanelTarget | null;
    menu: LocationCatalog | null;
    panel: PanelState | null;
    failure: string | null;
    tried: boolean;
  }>({ target: null, menu: null, panel: null, failure: null, tried: false });
  if (held.target !== target || (held.panel === null && held.menu !== location)) {
    const panel = target && location ? openWithDraft(target, location, stock) : null;
    setHeld({ target, menu: location, panel, failure: null, tried: false });
  }
  const panel = held.target === target ? held.panel : null;
  const [pending, setPending] = useState(false);
  const view = useMemo(() => (panel ? panelView(panel, stock) : null), [panel, stock]);

  // Kept while open, so a reload of the panel's address finds the choices; the provider forgets it once closed.
  useEffect(() => {
    if (target && panel) keepDraft(PANEL_DRAFT, { target: panelTargetKey(target), choices: panelChoices(panel) });
  }, [target, panel]);

  const update = useCallback((next: (p: PanelState) => PanelState) => {
    setHeld((h) => (h.panel ? { ...h, panel: next(h.panel), failure: null } : h));
  }, []);

  // The dialog's own ways to close (its button, Escape, the backdrop) go nowhere else.
  const dismiss = useCallback(() => onClose(), [onClose]);

  // An item or line that cannot be found (on the menu once it is there) closes the panel rather than showing an empty one.
  const missing = target !== null && location !== null && held.target === target && held.panel === null;
  useEffect(() => {
    if (missing) onClose();
  }, [missing, onClose]);

  // Ordering.md section 4: new counts while the panel is open cap the quantity (or clear a variation with none left).
  const seenCounts = useRef(counts);
  const latestCart = useRef(stock.cart);
  latestCart.current = stock.cart;
  useEffect(() => {
    if (seenCounts.current === counts) return;
    seenCounts.current = counts;
    update((p) => applyStock(p, { counts, cart: latestCart.current }));
  }, [counts, update]);

  // The stock warning is said aloud when it appears, as sighted shoppers see it appear beside the quantity.
  const warning = view?.stockWarning;
  useEffect(() => {
    if (warning) announce(warning);
  }, [warning, announce]);

  const submit = async (then: 'stay' | 'checkout' = 'stay') => {
    if (!panel || !view || pending) return;
    if (!view.canSubmit) {
      // The button is inactive; the missing choices now show as errors, and the first takes focus.
      setHeld((h) => ({ ...h, tried: true }));
      const invalid = bodyRef.current?.querySelector<HTMLElement>('[data-needs="true"] input:not(:disabled)');
      invalid?.focus();
      return;
    }
    const line = panelToLine(panel, panel.editingKey ?? '');
    if (E.isLeft(line)) {
      setHeld((h) => ({ ...h, failure: line.left }));
      return;
    }
    setPending(true);
    let result: E.Either<string, unknown>;
    if (panel.mode === 'add') {
      const { key: _issuedByCommand, ...rest } = line.right;
      result = await commands.addToBag(rest);
    } else {
      result = await commands.updateLine(line.right);
    }
    setPending(false);
    if (E.isLeft(result)) {
      setHeld((h) => ({ ...h, failure: result.left }));
      return;
    }
    // Going on to checkout, the page takes the panel's place in the history: Back from it is the page beneath.
    onClose(then === 'checkout' ? '/checkout' : undefined);
    notify.success(doneMessage(view.action, panel.item.item.Name));
  };

  const open = target !== null && panel !== null && view !== null;
  const currency = location?.currency ?? 'USD';
  const item = panel?.item.item;

  return (
    <Dialog
      open={open}
      title={item?.Name ?? ''}
      onClose={dismiss}
      variant="panel"
      className="item-panel"
      footer={
        panel && view ? (
          <div className="item-footer">
            <div className="item-footer-row">
              <QuantityStepper
                value={panel.quantity}
                min={panel.mode === 'add' ? 1 : 0}
                label={item?.Name ?? ''}
                onChange={(quantity) => update((p) => setQuantity(p, quantity, stock))}
              />
              <p className="item-cost">
                <span className="item-cost-label">Estimated cost</span>
                <span className="item-cost-value price" data-testid="estimated-cost">
                  {view.estimatedCost !== undefined ? formatMoney(view.estimatedCost, currency) : formatPriceRange(view.range ?? { min: 0, max: 0 }, currency)}
                </span>
              </p>
            </div>
            {view.stockWarning ? <p className="notice notice-warning item-notice">{view.stockWarning}</p> : null}
            {closed && panel.mode === 'add' ? <p className="notice notice-info item-notice item-closed">{CLOSED_NOTICE.message}</p> : null}
            {held.failure ? (
              <p className="notice notice-danger item-notice" role="alert">
                {held.failure}
              </p>
            ) : null}
            {view.errors.length > 0 ? (
              <ul className={`item-summary${held.tried ? ' is-tried' : ''}`} id={reasonId} aria-label="Before you can continue">
                {view.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            ) : null}
            <div className={panel.mode === 'add' ? 'item-actions item-actions-two' : 'item-actions'}>
              <button
                type="button"
                className={`btn btn-block ${view.action === 'Remove' ? 'item-action-remove' : 'btn-primary'}`}
                aria-disabled={!view.canSubmit || pending}
                aria-describedby={view.errors.length > 0 ? reasonId : undefined}
                aria-busy={pending}
                onClick={() => void submit()}
              >
                {view.action}
              </button>
              {panel.mode === 'add' ? (
                <button
                  type="button"
                  className="btn btn-secondary btn-block"
                  aria-disabled={!view.canSubmit || pending}
                  aria-describedby={view.errors.length > 0 ? reasonId : undefined}
                  aria-busy={pending}
                  onClick={() => void submit('checkout')}
                >
                  Add and Checkout
                </button>
              ) : null}
            </div>
          </div>
        ) : null
      }
    >
      {panel && view ? (
        <div className="item-body" ref={bodyRef}>
          {item?.ImageUrl ? <img className="item-image" src={item.ImageUrl} alt="" /> : null}
          {item ? <FavoriteButton itemId={item.Id} itemName={item.Name} className="item-favorite" /> : null}
          {item?.Description ? <p className="item-description">{item.Description}</p> : null}
          {/* A single-variation item has its only variation chosen; the group shows only if there is a choice to make. */}
          {view.variations.length > 1 || panel.variationId === undefined ? (
            <VariationGroup view={view} currency={currency} tried={held.tried} onChoose={(id) => update((p) => chooseVariation(p, id))} />
          ) : null}
          {view.lists.map((entry) => (
            <ModifierGroup
              key={entry.list.list.Id}
              entry={entry}
              errors={view.errors}
              tried={held.tried}
              choices={panel.modifiers}
              currency={currency}
              onToggle={(listId, modifierId) => update((p) => toggleModifier(p, listId, modifierId))}
            />
          ))}
          <div className="field item-note">
            <label htmlFor={noteId}>
              Notes <span className="muted item-optional">(optional)</span>
            </label>
            <textarea
              id={noteId}
              rows={2}
              maxLength={NOTE_LIMIT}
              value={panel.note}
              aria-describedby={`${noteId}-count`}
              onChange={(event) => update((p) => setNote(p, event.target.value))}
            />
            <span className="field-hint item-note-count" id={`${noteId}-count`}>
              {panel.note.length}/{NOTE_LIMIT} characters
            </span>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

// What the item panel keeps of an open item while it is open, so a reload of its address opens it again as the shopper
// left it: the variation, the options, the quantity and the note, nothing else. What comes back is taken through the
// panel's own transitions, so a choice the item no longer offers (or stock no longer allows) is not restored.
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { chooseVariation, setNote, setQuantity, type PanelState, type PanelStock } from './itemPanel';
import { tidyChoices } from './modifierRules';

/** The shopper's choices in the panel; an exact shape: a field it does not name is dropped, never kept. */
const PanelChoicesCodec = t.exact(
  t.type({
    variationId: t.union([t.string, t.null]),
    modifiers: t.record(t.string, t.readonlyArray(t.string)),
    quantity: t.number,
    note: t.string,
  }),
);
export type PanelChoices = t.TypeOf<typeof PanelChoicesCodec>;

/** A draft: the panel's target (panelAddress.ts's key) and the choices made there. */
export const PanelDraftCodec = t.exact(t.type({ target: t.string, choices: PanelChoicesCodec }));
export type PanelDraft = t.TypeOf<typeof PanelDraftCodec>;

/** The choices the panel holds. */
export function panelChoices(state: PanelState): PanelChoices {
  return { variationId: state.variationId ?? null, modifiers: state.modifiers, quantity: state.quantity, note: state.note };
}

/** The draft kept for `target`, from what was stored (anything else, or another target's, is no draft). */
export function draftChoices(stored: unknown, target: string): PanelChoices | null {
  const decoded = PanelDraftCodec.decode(stored);
  return E.isRight(decoded) && decoded.right.target === target ? decoded.right.choices : null;
}

/** The panel as it opens, with the choices of its draft made again, as far as the item and its stock allow. */
export function resumePanel(state: PanelState, choices: PanelChoices, stock: PanelStock): PanelState {
  const chosen = choices.variationId === null ? state : chooseVariation(state, choices.variationId);
  const withOptions: PanelState = { ...chosen, modifiers: tidyChoices(chosen.item, choices.modifiers) };
  return setNote(setQuantity(withOptions, choices.quantity, stock), choices.note);
}

// What the item panel keeps of an open item (its draft), and how it comes back after a reload: the shopper's choices
// only, taken again through the panel's own rules.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexedItem } from '../../src/domain/catalog/catalogIndex';
import { openForAdd, panelView, setNote, setQuantity, toggleModifier, chooseVariation, type PanelStock } from '../../src/domain/items/itemPanel';
import { draftChoices, panelChoices, PanelDraftCodec, resumePanel } from '../../src/domain/items/panelDraft';
import { EXTRAS, LATTE, MILK, itemOf, oneLocation } from '../support/fixtureCatalog';

const catalog = oneLocation({
  ModifierLists: [
    { ...MILK, Ordinal: 1 },
    { ...EXTRAS, Ordinal: 2 },
  ],
  Categories: [{ Id: 'drinks', Name: 'Drinks', Items: [LATTE] }],
});
const latte: IndexedItem = itemOf(catalog, 'latte');
const noStock: PanelStock = { counts: {}, cart: [] };

const chosen = () =>
  setNote(setQuantity(toggleModifier(toggleModifier(chooseVariation(openForAdd(latte), 'large'), 'milk', 'oat'), 'extras', 'shot'), 3), 'extra hot');

describe('the item panel’s draft', () => {
  it('keeps the variation, the options, the quantity and the note, and brings them back on the item as it opens', () => {
    const panel = chosen();
    const choices = panelChoices(panel);
    expect(choices).toEqual({ variationId: 'large', modifiers: { milk: ['oat'], extras: ['shot'] }, quantity: 3, note: 'extra hot' });
    const resumed = resumePanel(openForAdd(latte), choices, noStock);
    expect(panelChoices(resumed)).toEqual(choices);
    expect(panelView(resumed, noStock).estimatedCost).toBe(panelView(panel, noStock).estimatedCost);
  });

  it('keeps nothing but the choices: a field it does not name is dropped when read back', () => {
    const stored = JSON.parse(JSON.stringify({ target: 'item:latte', choices: { ...panelChoices(chosen()), mode: 'edit', price: 1 }, extra: 'x' })) as unknown;
    expect(draftChoices(stored, 'item:latte')).toEqual(panelChoices(chosen()));
    expect(PanelDraftCodec.encode({ target: 'item:latte', choices: { ...panelChoices(chosen()), mode: 'edit' } as never })).toEqual({
      target: 'item:latte',
      choices: panelChoices(chosen()),
    });
  });

  it('is another target’s draft, or not a draft at all, and then there is none', () => {
    const stored = { target: 'item:latte', choices: panelChoices(chosen()) };
    expect(draftChoices(stored, 'item:tea')).toBeNull();
    expect(draftChoices({ target: 'item:latte', choices: { quantity: 'two' } }, 'item:latte')).toBeNull();
    expect(draftChoices(null, 'item:latte')).toBeNull();
  });

  it('restores no choice the item or its stock no longer allows', () => {
    const resumed = resumePanel(
      openForAdd(latte),
      { variationId: 'gone', modifiers: { milk: ['almond'], extras: ['shot', 'nope'], other: ['x'] }, quantity: 9, note: 'n'.repeat(80) },
      { counts: { small: 5, large: 5 }, cart: [] },
    );
    expect(resumed.variationId).toBeUndefined();
    expect(resumed.modifiers).toEqual({ extras: ['shot'] });
    expect(resumed.note).toHaveLength(50);
    const capped = resumePanel(openForAdd(latte), { ...panelChoices(chosen()), quantity: 9 }, { counts: { large: 4 }, cart: [] });
    expect(capped.quantity).toBe(4);
    expect(capped.stockLimitReached).toBe(true);
  });

  it('brings back any choices the panel itself could make, unchanged', () => {
    const gesture = fc.oneof(
      fc.constantFrom('small', 'large').map((id) => (p: ReturnType<typeof openForAdd>) => chooseVariation(p, id)),
      fc.constantFrom(['milk', 'whole'], ['milk', 'oat'], ['extras', 'shot'], ['extras', 'vanilla'], ['extras', 'whip']).map(
        ([list, id]) =>
          (p: ReturnType<typeof openForAdd>) =>
            toggleModifier(p, list!, id!),
      ),
      fc.integer({ min: -2, max: 12 }).map((n) => (p: ReturnType<typeof openForAdd>) => setQuantity(p, n, noStock)),
      fc.string({ maxLength: 60 }).map((note) => (p: ReturnType<typeof openForAdd>) => setNote(p, note)),
    );
    fc.assert(
      fc.property(fc.array(gesture, { maxLength: 12 }), (gestures) => {
        const panel = gestures.reduce((p, g) => g(p), openForAdd(latte));
        const stored = JSON.parse(JSON.stringify({ target: 'item:latte', choices: panelChoices(panel) })) as unknown;
        const choices = draftChoices(stored, 'item:latte');
        expect(choices).not.toBeNull();
        expect(panelChoices(resumePanel(openForAdd(latte), choices!, noStock))).toEqual(panelChoices(panel));
      }),
    );
  });
});

// What a card's 'Add to Bag' does (ordering.md sections 2 and 3 "Item"): an item marked SkipModifierScreen goes
// straight into the bag with its defaults; any other item opens the side panel to be configured.
import * as E from 'fp-ts/lib/Either.js';
import { useCallback, useState } from 'react';
import { addsFromCard, type IndexedItem } from '../../../domain/catalog/catalogIndex';
import { useAnnounce } from '../../components/Announcer';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { useItemPanel } from '../../shell/ItemPanelContext';
import { useCatalogParts } from './catalogParts';

/** The success message, in a toast and to screen readers. */
export function addedMessage(itemName: string): string {
  return `Added ${itemName} to your bag`;
}

export interface AddToBag {
  readonly add: (item: IndexedItem) => Promise<void>;
  /** The item whose direct add is under way (its button waits). */
  readonly adding: string | null;
}

export function useAddToBag(): AddToBag {
  const commands = useCommands();
  const views = useViews();
  const panel = useItemPanel();
  // The quick add's item rules (the item panel's, 3 KB): fetched once the first page is up, or with the first quick
  // add; the first page carries none of them.
  const { quickAdd } = useCatalogParts();
  const announce = useAnnounce();
  const [adding, setAdding] = useState<string | null>(null);

  const add = useCallback(
    async (indexed: IndexedItem) => {
      const { item } = indexed;
      // Known from the catalog alone: such a tap opens the panel without waiting for the quick add's rules.
      if (!addsFromCard(item)) {
        panel.openItem(item.Id);
        return;
      }
      // The button waits from the tap: the rules may still be on their way.
      setAdding(item.Id);
      try {
        let rules: Awaited<ReturnType<typeof quickAdd.load>>;
        try {
          rules = await quickAdd.load();
        } catch {
          // Offline and not fetched yet: the panel adds the same item.
          panel.openItem(item.Id);
          return;
        }
        const decision = rules.quickAdd(indexed, { counts: views.counts.get(), cart: views.state.get().bag.lines });
        if (decision.kind === 'soldOut') {
          notify.error(decision.message);
          return;
        }
        if (decision.kind === 'panel') {
          panel.openItem(item.Id);
          return;
        }
        const result = await commands.addToBag(decision.line);
        if (E.isLeft(result)) {
          notify.error(result.left);
          return;
        }
        const message = addedMessage(item.Name);
        notify.success(message);
        announce(message);
      } finally {
        setAdding(null);
      }
    },
    [commands, views, panel, announce, quickAdd],
  );

  return { add, adding };
}

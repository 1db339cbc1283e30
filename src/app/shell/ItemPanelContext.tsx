// Opening the item side panel from anywhere (an item card, a bag row): add mode for an item, edit mode for a line.
import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useRecordDialog } from './useClientEvents';

export type PanelTarget = { readonly mode: 'add'; readonly itemId: string } | { readonly mode: 'edit'; readonly lineKey: string };

export interface ItemPanelApi {
  readonly openItem: (itemId: string) => void;
  readonly editLine: (lineKey: string) => void;
}

const ItemPanelContext = createContext<ItemPanelApi>({ openItem: () => undefined, editLine: () => undefined });

/** What the panel is given to show; its code loads the first time it opens (the root's manifest says when else). */
export type ItemPanelComponent = ComponentType<{ readonly target: PanelTarget | null; readonly onClose: () => void }>;

export function ItemPanelProvider({ Panel, children }: { readonly Panel: ItemPanelComponent; readonly children: ReactNode }) {
  const [target, setTarget] = useState<PanelTarget | null>(null);
  const openItem = useCallback((itemId: string) => setTarget({ mode: 'add', itemId }), []);
  const editLine = useCallback((lineKey: string) => setTarget({ mode: 'edit', lineKey }), []);
  const close = useCallback(() => setTarget(null), []);
  const api = useMemo(() => ({ openItem, editLine }), [openItem, editLine]);
  useRecordDialog(
    target === null ? null : target.mode === 'add' ? 'item' : 'line',
    target === null ? null : target.mode === 'add' ? target.itemId : target.lineKey,
  );
  return (
    <ItemPanelContext.Provider value={api}>
      {children}
      {target ? (
        <Suspense fallback={null}>
          <Panel target={target} onClose={close} />
        </Suspense>
      ) : null}
    </ItemPanelContext.Provider>
  );
}

export function useItemPanel(): ItemPanelApi {
  return useContext(ItemPanelContext);
}

// Opening the item side panel from anywhere (an item card, a bag row): add mode for an item, edit mode for a line.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useRecordDialog } from './useClientEvents';

// The panel's code loads the first time it opens (and in the background once the store is open).
export const loadItemPanel = () => import('../features/item/ItemPanel');
const ItemPanel = lazy(async () => ({ default: (await loadItemPanel()).ItemPanel }));

export type PanelTarget = { readonly mode: 'add'; readonly itemId: string } | { readonly mode: 'edit'; readonly lineKey: string };

export interface ItemPanelApi {
  readonly openItem: (itemId: string) => void;
  readonly editLine: (lineKey: string) => void;
}

const ItemPanelContext = createContext<ItemPanelApi>({ openItem: () => undefined, editLine: () => undefined });

export function ItemPanelProvider({ children }: { readonly children: ReactNode }) {
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
          <ItemPanel target={target} onClose={close} />
        </Suspense>
      ) : null}
    </ItemPanelContext.Provider>
  );
}

export function useItemPanel(): ItemPanelApi {
  return useContext(ItemPanelContext);
}

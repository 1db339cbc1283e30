// Opening the item side panel from anywhere (an item card, a bag row): add mode for an item, edit mode for a line.
// The panel is open where the address says so (panelAddress.ts), on a history entry of its own (historyEntries.ts):
// Back closes it, a reload or a shared link opens it again.
import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { forgetPanelDraft } from './formDrafts';
import { useEntryMoves } from './historyEntries';
import { panelTargetKey, panelTargetOf, searchWithPanel, type PanelTarget } from './panelAddress';
import { useRecordDialog } from './useClientEvents';

export type { PanelTarget } from './panelAddress';

export interface ItemPanelApi {
  readonly openItem: (itemId: string) => void;
  readonly editLine: (lineKey: string) => void;
}

const ItemPanelContext = createContext<ItemPanelApi>({ openItem: () => undefined, editLine: () => undefined });

/**
 * What the panel is given to show; its code loads the first time it opens (the root's manifest says when else).
 * `onClose(next)`: closed, and with `next` the page the shopper goes on to, which takes the panel's entry.
 */
export type ItemPanelComponent = ComponentType<{ readonly target: PanelTarget | null; readonly onClose: (next?: string) => void }>;

export function ItemPanelProvider({ Panel, children }: { readonly Panel: ItemPanelComponent; readonly children: ReactNode }) {
  const location = useLocation();
  const moves = useEntryMoves();
  const target = useMemo(() => panelTargetOf(location.search), [location.search]);
  const latest = useRef({ location, target });
  latest.current = { location, target };
  // The target just asked for on this address: a second tap before the page has followed opens nothing more. Any
  // move of the address (the panel's own, Back) ends the wait.
  const asked = useRef<{ readonly on: string; readonly key: string } | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [location.key]);

  const show = useCallback(
    (next: PanelTarget) => {
      const { location: here, target: open } = latest.current;
      const key = panelTargetKey(next);
      if ((open !== null && panelTargetKey(open) === key) || (asked.current?.on === here.key && asked.current.key === key)) return;
      asked.current = { on: here.key, key };
      // Another item over an open one takes its entry: Back still closes the panel in one step.
      moves.open({ pathname: here.pathname, search: searchWithPanel(here.search, next), hash: here.hash }, 'item', open !== null);
    },
    [moves],
  );
  const openItem = useCallback((itemId: string) => show({ mode: 'add', itemId }), [show]);
  const editLine = useCallback((lineKey: string) => show({ mode: 'edit', lineKey }), [show]);
  const close = useCallback(
    (next?: string) => {
      const { location: here } = latest.current;
      if (next !== undefined) moves.leave(next);
      else moves.close('item', { pathname: here.pathname, search: searchWithPanel(here.search, null), hash: here.hash });
    },
    [moves],
  );
  const api = useMemo(() => ({ openItem, editLine }), [openItem, editLine]);

  // What the shopper chose in a panel is kept while it is open (a reload finds it), and forgotten once it closes.
  const key = target === null ? null : panelTargetKey(target);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current !== null && shown.current !== key) forgetPanelDraft(shown.current);
    shown.current = key;
  }, [key]);

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

/** What the item panel shows now, from the address that opens it (null: closed). */
export function useOpenItemPanel(): PanelTarget | null {
  const { search } = useLocation();
  return useMemo(() => panelTargetOf(search), [search]);
}

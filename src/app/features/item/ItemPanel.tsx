import type { PanelTarget } from './ItemPanelContext';

/** The item side panel (ordering.md sections 2, 4, 5). */
export function ItemPanel(_props: { readonly target: PanelTarget | null; readonly onClose: () => void }) {
  return null;
}

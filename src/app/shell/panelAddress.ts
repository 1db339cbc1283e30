// The item panel's address: an open item is `?item={id}` on the page it opened over, a bag line open to edit is
// `?line={key}`, so a reload or a shared link opens it again. Every other part of the address is the page's and kept.

export type PanelTarget = { readonly mode: 'add'; readonly itemId: string } | { readonly mode: 'edit'; readonly lineKey: string };

const ITEM = 'item';
const LINE = 'line';

/** What the address's query opens in the panel (an item before a line when both are there), or null. */
export function panelTargetOf(search: string): PanelTarget | null {
  const query = new URLSearchParams(search);
  const itemId = query.get(ITEM);
  if (itemId) return { mode: 'add', itemId };
  const lineKey = query.get(LINE);
  return lineKey ? { mode: 'edit', lineKey } : null;
}

/** The query of the same page with `target` open in the panel (null: the panel closed), its other fields kept. */
export function searchWithPanel(search: string, target: PanelTarget | null): string {
  const query = new URLSearchParams(search);
  query.delete(ITEM);
  query.delete(LINE);
  if (target?.mode === 'add') query.set(ITEM, target.itemId);
  else if (target?.mode === 'edit') query.set(LINE, target.lineKey);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** One name per target, for what is kept of it (its draft) and for telling two targets apart. */
export function panelTargetKey(target: PanelTarget): string {
  return target.mode === 'add' ? `${ITEM}:${target.itemId}` : `${LINE}:${target.lineKey}`;
}

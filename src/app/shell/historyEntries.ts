// Dialogs that fill a phone screen (the item panel, checkout's tip dialog, the account menu) take a history entry of
// their own: Back closes them rather than leaving the page beneath, and closing one by its own button takes its
// entry back, so the next Back goes where the shopper expects. The entry names its dialog in the router's state,
// which the browser keeps across a reload; a page a dialog leads to (a link in the account menu, 'Add and Checkout')
// takes the dialog's entry instead of stacking on it.
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate, type Location, type To } from 'react-router-dom';

export type EntryDialog = 'item' | 'tip' | 'account';

/** The dialog a history entry was taken for, from the router's state; null for a page's own entry. */
export function entryDialog(state: unknown): EntryDialog | null {
  if (typeof state !== 'object' || state === null) return null;
  const dialog = (state as { readonly dialog?: unknown }).dialog;
  return dialog === 'item' || dialog === 'tip' || dialog === 'account' ? dialog : null;
}

/**
 * Whether the browser's current entry is still the one the router shows: a link pressed in the same click (the
 * header's, with the menu open) has already pushed another, which must not be taken back in its place.
 */
function stillShown(location: Location): boolean {
  const entry: unknown = window.history.state;
  const key = typeof entry === 'object' && entry !== null ? (entry as { readonly key?: unknown }).key : undefined;
  return typeof key !== 'string' || key === location.key;
}

/**
 * The entry this page load started on, when it was taken for a dialog: the browser keeps an entry's state across a
 * reload, but a reload starts the page afresh, so the tip dialog or account menu it was taken for stays closed there
 * (the item panel has an address of its own, which does open it again).
 */
const reloadedOnDialog: string | null = (() => {
  if (typeof window === 'undefined') return null;
  const entry: unknown = window.history.state;
  if (typeof entry !== 'object' || entry === null) return null;
  const { usr, key } = entry as { readonly usr?: unknown; readonly key?: unknown };
  return entryDialog(usr) !== null && typeof key === 'string' ? key : null;
})();

export interface EntryMoves {
  /** Shows `to` on a new entry taken for `dialog` (in place of the current one when `replace`, keeping its kind). */
  readonly open: (to: To, dialog: EntryDialog, replace?: boolean) => void;
  /**
   * Closes `dialog`: its own entry is taken back (as Back would); a dialog opened by the address itself (a shared
   * link) has none, so the address becomes `otherwise` in place.
   */
  readonly close: (dialog: EntryDialog, otherwise: To) => void;
  /** Goes on to `to` from inside a dialog: the new page takes the dialog's entry. */
  readonly leave: (to: To) => void;
}

/** The moves of a dialog's history entry, the same functions for as long as the router is (they read its latest address). */
export function useEntryMoves(): EntryMoves {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef(location);
  latest.current = location;
  // The entry already being taken back: a second close before the browser has gone back must not go back twice.
  const leaving = useRef<string | null>(null);
  const open = useCallback(
    (to: To, dialog: EntryDialog, replace = false) => {
      const here = latest.current;
      navigate(to, replace ? { replace: true, state: here.state } : { state: { dialog } });
    },
    [navigate],
  );
  const close = useCallback(
    (dialog: EntryDialog, otherwise: To) => {
      const here = latest.current;
      if (leaving.current === here.key || !stillShown(here)) return;
      leaving.current = here.key;
      if (entryDialog(here.state) === dialog) void navigate(-1);
      else void navigate(otherwise, { replace: true });
    },
    [navigate],
  );
  const leave = useCallback((to: To) => void navigate(to, { replace: true }), [navigate]);
  return useMemo(() => ({ open, close, leave }), [open, close, leave]);
}

/**
 * Puts another page in place of the one shown, unless the browser has already moved on from it (a navigation made in
 * the same moment, as start-up's recovered order makes, wins over a page's own redirect).
 */
export function useReplaceWhileShown(): (to: To) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (to: To) => {
      if (stillShown(location)) void navigate(to, { replace: true });
    },
    [location, navigate],
  );
}

export interface DialogEntry {
  /** Open exactly while the current entry is the one it took. */
  readonly open: boolean;
  readonly show: () => void;
  /** Takes its entry back (Back does the same). */
  readonly close: () => void;
  /** Goes on to another page from inside it, which takes its entry. */
  readonly leave: (to: To) => void;
}

/** A dialog whose being open is its history entry (the tip dialog, the account menu): on the same page's address. */
export function useDialogEntry(dialog: Exclude<EntryDialog, 'item'>): DialogEntry {
  const location = useLocation();
  const navigate = useNavigate();
  const moves = useEntryMoves();
  const open = entryDialog(location.state) === dialog && location.key !== reloadedOnDialog;
  const { pathname, search, hash } = location;
  const show = useCallback(() => {
    if (!open) moves.open({ pathname, search, hash }, dialog);
  }, [open, moves, pathname, search, hash, dialog]);
  const close = useCallback(() => {
    if (open) moves.close(dialog, { pathname, search, hash });
  }, [open, moves, pathname, search, hash, dialog]);
  const leave = useCallback((to: To) => (open ? moves.leave(to) : void navigate(to)), [open, moves, navigate]);
  return { open, show, close, leave };
}

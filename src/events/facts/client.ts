// Client events: what the shopper's browser showed (the page, the panel or dialog that was open), so support sees
// the screen they saw. Kept apart from the domain facts: no domain reducer reads them (see reducers/client.ts);
// they are versioned, validated, redacted and replayed like every other event.
import * as t from 'io-ts';
import { fact } from './shared';

/** The panels and dialogs the log records: the item panel (an item to add, or a bag line to edit) and the location chooser. */
export const ClientDialog = t.keyof({ item: null, line: null, location: null });
export type ClientDialog = t.TypeOf<typeof ClientDialog>;

export const clientFacts = {
  /** The browser showed this route. Only the path: a query or hash may hold a reset link's code. */
  PageViewed: fact(t.type({ path: t.string }), { safe: ['path'] }),
  /** A panel or dialog opened, and what it showed: an item id, a bag line's key, or nothing. */
  DialogOpened: fact(t.type({ dialog: ClientDialog, target: t.union([t.string, t.null]) }), { safe: ['target'] }),
  /** The panel or dialog closed. */
  DialogClosed: fact(t.type({ dialog: ClientDialog }), {}),
};

export type ClientEventType = keyof typeof clientFacts;

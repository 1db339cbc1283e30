// The client events' own fold: which page the shopper was on, which panel or dialog was open, and the links the
// footer showed. The domain state never depends on them; the domain handlers below only count them as applied
// (never as ignored).
import type { DomainEvent, EventDataOf } from '../catalogue';
import type { ClientDialog, ClientEventType } from '../facts/client';
import type { Handlers } from './handler';

/** The footer's configured links as the page loaded them (FooterLinksLoaded). */
export type FooterLinks = EventDataOf<'FooterLinksLoaded'>;

export interface ClientState {
  /** The route the browser showed last; null before the log recorded one. */
  readonly path: string | null;
  /** The panel or dialog open at that moment. */
  readonly dialog: { readonly kind: ClientDialog; readonly target: string | null } | null;
  /** The footer's links from the page's configuration; absent in a log written before they were recorded. */
  readonly links?: FooterLinks;
}

export const initialClientState: ClientState = { path: null, dialog: null };

const CLIENT_TYPES: ReadonlySet<string> = new Set<ClientEventType>(['PageViewed', 'DialogOpened', 'DialogClosed', 'FooterLinksLoaded']);

export function isClientEvent(event: { readonly type: string }): boolean {
  return CLIENT_TYPES.has(event.type);
}

/** One step of the client fold; other events leave it as it is. */
export function reduceClient(state: ClientState, event: DomainEvent): ClientState {
  switch (event.type) {
    case 'PageViewed':
      // A new page closes what was open on the previous one.
      return { ...state, path: event.data.path, dialog: null };
    case 'DialogOpened':
      return { ...state, dialog: { kind: event.data.dialog, target: event.data.target } };
    case 'DialogClosed':
      return state.dialog?.kind === event.data.dialog ? { ...state, dialog: null } : state;
    case 'FooterLinksLoaded':
      return { ...state, links: event.data };
    default:
      return state;
  }
}

/** In the domain fold a client event changes nothing but the log's count; a fresh object so it counts as applied. */
const applied = <S extends object>(state: S): S => ({ ...state });

export const clientHandlers: Handlers<ClientEventType> = {
  PageViewed: applied,
  DialogOpened: applied,
  DialogClosed: applied,
  FooterLinksLoaded: applied,
};

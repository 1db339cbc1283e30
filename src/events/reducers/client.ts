// The client events' own fold: which page the shopper was on, which panel or dialog was open, and the configuration
// the page loaded with (the footer's links, the menu layout, the kind of business). The domain state never depends on them; the domain
// handlers below only count them as applied (never as ignored).
import type { BusinessKind, MenuLayout } from '../../domain/config';
import type { DomainEvent, EventDataOf } from '../catalogue';
import type { CallFailure, ClientDetails, ClientDialog, ClientEventType } from '../facts/client';
import type { Handlers } from './handler';

/**
 * The configuration the page loaded with, as the log records it: the footer's links (FooterLinksLoaded) and, when
 * config.json set them, the menu layout and the kind of business (MenuLayoutLoaded, BusinessKindLoaded, which follow
 * the links of their page load).
 */
export type FooterLinks = EventDataOf<'FooterLinksLoaded'> & { readonly menuLayout?: MenuLayout; readonly businessKind?: BusinessKind };

export interface ClientState {
  /** The route the browser showed last; null before the log recorded one. */
  readonly path: string | null;
  /** The panel or dialog open at that moment. */
  readonly dialog: { readonly kind: ClientDialog; readonly target: string | null } | null;
  /** The page's configuration (its links and layout); absent in a log written before it was recorded. */
  readonly links?: FooterLinks;
  /** Saved details shown as their form again ('Change it') on that page; absent when none is. */
  readonly editing?: readonly ClientDetails[];
  /** The visit shared with support, how far it was sent, and whether sharing stopped; absent before any share. */
  readonly share?: ShareState;
  /** The device as last recorded (DeviceSeen); absent in a log written before it was. */
  readonly device?: EventDataOf<'DeviceSeen'>;
  /** The last failure of each call that matters, by the call's name, with the event that recorded it. */
  readonly failures?: Readonly<Record<string, CallFailure>>;
}

export interface ShareState {
  readonly shareId: string;
  /** The inbox holds the events through this sequence number (0 before the first chunk). */
  readonly sentThrough: number;
  readonly stopped: 'shopper' | 'full' | 'refused' | null;
}

export const initialClientState: ClientState = { path: null, dialog: null };

/** One step of the client fold; other events leave it as it is. */
export function reduceClient(state: ClientState, event: DomainEvent): ClientState {
  switch (event.type) {
    case 'PageViewed': {
      // A new page closes what was open on the previous one, forms included.
      const { editing: _closed, ...rest } = state;
      return { ...rest, path: event.data.path, dialog: null };
    }
    case 'DetailsEditing': {
      const others = (state.editing ?? []).filter((details) => details !== event.data.details);
      const editing = event.data.editing ? [...others, event.data.details] : others;
      const { editing: _before, ...rest } = state;
      return editing.length > 0 ? { ...rest, editing } : rest;
    }
    case 'DialogOpened':
      return { ...state, dialog: { kind: event.data.dialog, target: event.data.target } };
    case 'DialogClosed':
      return state.dialog?.kind === event.data.dialog ? { ...state, dialog: null } : state;
    case 'FooterLinksLoaded':
      // A new page load: its layout, if config.json set one, follows.
      return { ...state, links: event.data };
    case 'MenuLayoutLoaded':
      // Its page load's links come first; without them (a log cut short) there is no page to lay out.
      return state.links ? { ...state, links: { ...state.links, menuLayout: event.data.layout } } : state;
    case 'BusinessKindLoaded':
      return state.links ? { ...state, links: { ...state.links, businessKind: event.data.kind } } : state;
    case 'DeviceSeen':
      return { ...state, device: event.data };
    case 'CallFailed':
      return { ...state, failures: { ...state.failures, [event.data.call]: { ...event.data, seq: event.seq, at: event.at } } };
    case 'VisitShared':
      return { ...state, share: { shareId: event.data.shareId, sentThrough: 0, stopped: null } };
    case 'VisitShareSent':
      // Only this share's progress, and never backwards (an answer that arrived late says less than one before it).
      return state.share?.shareId === event.data.shareId && event.data.throughSeq > state.share.sentThrough
        ? { ...state, share: { ...state.share, sentThrough: event.data.throughSeq } }
        : state;
    case 'VisitShareStopped':
      return state.share?.shareId === event.data.shareId ? { ...state, share: { ...state.share, stopped: event.data.reason } } : state;
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
  DetailsEditing: applied,
  FooterLinksLoaded: applied,
  MenuLayoutLoaded: applied,
  BusinessKindLoaded: applied,
  DeviceSeen: applied,
  CallFailed: applied,
  FormRefused: applied,
  VisitShared: applied,
  VisitShareSent: applied,
  VisitShareStopped: applied,
};

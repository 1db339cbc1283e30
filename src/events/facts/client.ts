// Client events: what the shopper's browser showed (the page, the panel or dialog that was open, the configured
// links and menu layout), so support sees the screen they saw. Kept apart from the domain facts: no domain reducer
// reads them (see reducers/client.ts); they are versioned, validated, redacted and replayed like every other event.
import * as t from 'io-ts';
import { BusinessKindCodec, MenuLayoutCodec } from '../../domain/config';
import { fact } from './shared';

/**
 * The panels and dialogs the log records: the item panel (an item to add, or a bag line to edit), the location
 * chooser, checkout's tip dialog, the verification modal (its code step as target 'code-step'), the account menu, the
 * wallet's 'Gift card saved' confirmation (the gift card's id as target, as GiftCardsLoaded holds it), and checkout's
 * 'Card saved' confirmation (the saved card's key as target, as CardAdded holds it).
 */
export const ClientDialog = t.keyof({
  item: null,
  line: null,
  location: null,
  tip: null,
  verification: null,
  account: null,
  giftCard: null,
  savedCard: null,
});
export type ClientDialog = t.TypeOf<typeof ClientDialog>;

const Link = t.union([t.string, t.null]);

/**
 * What checkout shows in place of a saved summary once 'Change it' is pressed: the curbside vehicle's form; a
 * signed-in shopper's list of cards ('cards'), and a new card's form opened from it while a card is chosen
 * ('newCard'). The billing address form that follows a new card is not among them: its card lives in the page's
 * memory (a one-use token), so a replay shows the new card's form there.
 */
export const ClientDetails = t.keyof({ vehicle: null, cards: null, newCard: null });
export type ClientDetails = t.TypeOf<typeof ClientDetails>;

/**
 * Why a call the shopper waited on failed: no network while the browser said it was offline ('offline') or while it
 * said it was online ('network'), no answer within the time-out, the API's own failure (5xx), a refusal (another
 * status outside 2xx; 'tooMany' for 429, too many tries or a code asked for again too soon), an answer the page could
 * not read, or a session the API no longer accepts.
 */
export const CallFailureReason = t.keyof({
  offline: null,
  network: null,
  timeout: null,
  server: null,
  refused: null,
  tooMany: null,
  unreadable: null,
  signedOut: null,
});
export type CallFailureReason = t.TypeOf<typeof CallFailureReason>;

const CallFailedCodec = t.type({ call: t.string, reason: CallFailureReason, status: t.union([t.number, t.null]), codes: t.array(t.string) });
/** A call's failure as the client fold keeps it: CallFailed's data and the event that recorded it. */
export type CallFailure = t.TypeOf<typeof CallFailedCodec> & { readonly seq: number; readonly at: string };

export const clientFacts = {
  /** The browser showed this route. Only the path: a query or hash may hold a reset link's code. */
  PageViewed: fact(t.type({ path: t.string }), { safe: ['path'] }),
  /** A panel or dialog opened, and what it showed: an item id, a bag line's key, a step, or nothing. */
  DialogOpened: fact(t.type({ dialog: ClientDialog, target: t.union([t.string, t.null]) }), { safe: ['target'] }),
  /** The panel or dialog closed. */
  DialogClosed: fact(t.type({ dialog: ClientDialog }), {}),
  /**
   * Saved details shown again as their form ('Change it': `editing` true), or that form gone (saved, or the page
   * left: false). What the form held is not recorded; it showed the saved details to edit.
   */
  DetailsEditing: fact(t.type({ details: ClientDetails, editing: t.boolean }), {}),
  /**
   * The page loaded with these links from config.json (the footer's Terms, Privacy and app-store links, as templates,
   * with the client id they are filled with): the log holds no configuration otherwise, and support sees the footer.
   */
  FooterLinksLoaded: fact(t.type({ clientId: t.string, terms: Link, privacy: Link, androidApp: Link, appleApp: Link }), {
    safe: ['clientId', 'terms', 'privacy', 'androidApp', 'appleApp'],
  }),
  /**
   * The page loaded with this menu layout from config.json (MenuLayout), recorded right after the links when
   * config.json sets one: support sees the home page laid out as the shopper's was. A page load without it had the
   * category pages.
   */
  MenuLayoutLoaded: fact(t.type({ layout: MenuLayoutCodec }), {}),
  /**
   * The page loaded with this kind of business from config.json (BusinessKind), recorded after the links when
   * config.json sets one: support reads the shopper's words ('Shop' or 'Browse the menu'). A page load without it
   * was the default kind's.
   */
  BusinessKindLoaded: fact(t.type({ kind: BusinessKindCodec }), {}),
  /**
   * The shopper agreed to share this visit with support: the support inbox's id for the share (never its code or the
   * upload's secret, which stay in the tab). From here the visit's events are sent, redacted, as they happen.
   */
  VisitShared: fact(t.type({ shareId: t.string }), { safe: ['shareId'] }),
  /** The inbox holds the share's events through this sequence number: where the upload resumes after a reload. */
  VisitShareSent: fact(t.type({ shareId: t.string, throughSeq: t.number }), { safe: ['shareId', 'throughSeq'] }),
  /**
   * The device as support needs it to picture the screen: the browser and system by name and major version, the
   * window's size in CSS pixels and its pixel ratio, the language and time zone, and whether it was online. Recorded
   * when the page loads and again when one of them changes (a rotation, the network going); nothing more of the
   * device is read.
   */
  DeviceSeen: fact(
    t.type({
      browser: t.string,
      os: t.string,
      width: t.number,
      height: t.number,
      pixelRatio: t.number,
      language: t.string,
      timeZone: t.string,
      online: t.boolean,
    }),
    { safe: ['browser', 'os', 'width', 'height', 'pixelRatio', 'language', 'timeZone'] },
  ),
  /**
   * A call that matters to the shopper failed (placing or queueing an order, signing in, asking for a code, a delivery
   * quote, a card): the call's name, why, the status and the API's codes ('Order - DECLINED', 'invalid_grant'; never
   * its messages, which may repeat what was typed).
   */
  CallFailed: fact(CallFailedCodec, { safe: ['call', 'status', 'codes[]'] }),
  /**
   * A form's rules refused a submit, so nothing was sent: the form (its label) and the fields that failed, by name.
   * What was typed is never recorded.
   */
  FormRefused: fact(t.type({ form: t.string, fields: t.array(t.string) }), { safe: ['form', 'fields[]'] }),
  /** The shopper stopped sharing (or the inbox refused more): nothing after this is sent. */
  VisitShareStopped: fact(t.type({ shareId: t.string, reason: t.keyof({ shopper: null, full: null, refused: null }) }), { safe: ['shareId'] }),
};

export type ClientEventType = keyof typeof clientFacts;

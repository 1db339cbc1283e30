// One line per event for the support console's timeline: what happened, in the shop's words, and a marker for a
// failure (an order refused or unanswered, a reducer fault) or a warning (lines dropped or lowered, the pickup time
// moved, the event made no sense where it landed). Pure: the event, the states around it and the catalogs.
import { formatMoney } from '../../domain/money';
import type { DomainEvent } from '../catalogue';
import { currentLocation, type ReduceContext } from '../context';
import type { State } from '../state';
import type { CallFailureReason, ClientDetails, ClientDialog } from '../facts/client';
import type { EventDataOf } from '../catalogue';

export type Marker = 'failure' | 'warning' | null;

function itemName(state: State, ctx: ReduceContext, itemId: string): string {
  return currentLocation(state, ctx)?.items.get(itemId)?.item.Name ?? itemId;
}

function lineName(state: State, ctx: ReduceContext, key: string): string {
  const line = state.bag.lines.find((l) => l.key === key);
  return line ? itemName(state, ctx, line.itemId) : key;
}

function money(state: State, ctx: ReduceContext, amount: number): string {
  return formatMoney(amount, currentLocation(state, ctx)?.currency ?? 'USD');
}

/** What the timeline calls each panel and dialog the log records. */
const DIALOG_NAMES: { readonly [D in ClientDialog]: string } = {
  item: 'the item panel',
  line: 'the item panel',
  location: 'the location chooser',
  tip: 'the tip dialog',
  verification: 'the verification modal',
  account: 'the account menu',
  giftCard: "the 'Gift card saved' dialog",
  savedCard: "the 'Card saved' dialog",
};

/** What the timeline calls the saved details whose form 'Change it' opens again. */
const DETAILS_NAMES: { readonly [D in ClientDetails]: string } = { vehicle: 'vehicle details form', cards: 'list of cards', newCard: 'new card form' };

/** Why a call failed, in words (CallFailed's reason, with the status where there was one). */
export function callFailureWords({ reason, status, codes }: Pick<EventDataOf<'CallFailed'>, 'reason' | 'status' | 'codes'>): string {
  const http = status === null ? '' : ` (HTTP ${status})`;
  const words: { readonly [R in CallFailureReason]: string } = {
    offline: 'the browser was offline',
    network: 'no connection, though the browser thought it was online',
    timeout: 'no answer within the time-out',
    server: `the API failed${http}`,
    refused: `refused${http}`,
    tooMany: `refused as too many tries or too soon${http}`,
    unreadable: `an answer the page could not read${http}`,
    signedOut: 'the session was no longer accepted',
  };
  return `${words[reason]}${codes.length > 0 ? ` [${codes.join(', ')}]` : ''}`;
}

/** The one-line summary of `event`, read against the state before it and the state it produced. */
export function summarize(event: DomainEvent, before: State, after: State, ctx: ReduceContext): string {
  switch (event.type) {
    case 'SessionStarted':
      return `Session started (app ${event.data.appVersion})`;
    case 'CatalogLoaded':
      return `Catalog loaded: ${event.data.locationIds.length} location${event.data.locationIds.length === 1 ? '' : 's'}`;
    case 'LocationSelected': {
      const name = currentLocation(after, ctx)?.location.Name ?? event.data.locationId;
      return `Location chosen: ${name}`;
    }
    case 'BagLineAdded':
    case 'BagLineUpdated': {
      const verb = event.type === 'BagLineAdded' ? 'Added' : 'Updated';
      const options = Object.values(event.data.line.modifiers).flat().length;
      return `${verb} ${event.data.line.quantity} x ${itemName(after, ctx, event.data.line.itemId)}${options > 0 ? ` with ${options} option${options === 1 ? '' : 's'}` : ''}`;
    }
    case 'BagLineQuantityChanged':
      return `Quantity of ${lineName(before, ctx, event.data.key)} set to ${event.data.quantity}`;
    case 'BagLineRemoved':
      return `Removed ${lineName(before, ctx, event.data.key)}`;
    case 'CouponApplied':
      return `Coupon applied: ${event.data.coupon.Name}`;
    case 'CouponRemoved':
      return 'Coupon removed';
    case 'RewardApplied':
      return `Reward applied: ${event.data.reward.Name}`;
    case 'RewardRemoved':
      return 'Reward removed';
    case 'TipSet':
      return `Tip set to ${money(after, ctx, event.data.amount)}${event.data.percent === null ? '' : ` (${event.data.percent}%)`}`;
    case 'TipReset':
      return 'Tip reset';
    case 'OrderReordered':
      return `Reordered ${event.data.lines.length} line${event.data.lines.length === 1 ? '' : 's'} of order ${event.data.orderId}`;
    case 'FulfillmentChosen':
      return `Order type chosen: ${event.data.fulfillmentType}`;
    case 'PickupTimeChosen':
      return `Pickup time chosen: ${event.data.choice.time === 'ASAP' ? 'ASAP' : event.data.choice.time} on ${event.data.choice.date}`;
    case 'PickupTimeAdjusted':
      return `Pickup time moved by the clock${event.data.to ? ` to ${event.data.to.time} on ${event.data.to.date}` : ': nothing left to offer'}`;
    case 'GuestDetailsSaved':
      return event.data.confirmed ? 'Guest details saved' : 'Guest details kept as typed (the form stays open)';
    case 'GiftCardChosen': {
      const card = after.account.giftCards.find((c) => c.id === event.data.giftCardId);
      return event.data.giftCardId === null ? 'No gift card for this order' : `Gift card chosen to pay: ending ${card?.last4 ?? '?'}`;
    }
    case 'CardAdded':
    case 'CardSelected':
      return `Card ${event.type === 'CardAdded' ? 'added' : 'selected'}: ${event.data.card.brand} ending ${event.data.card.last4}`;
    case 'InventoryCounted':
      return `Stock counted: ${Object.keys(event.data.counts).length} variations`;
    case 'InventoryUpdated':
      return `Stock of ${event.data.variationId} is now ${event.data.count}`;
    case 'OrderPlacementStarted':
      return `Place Order pressed: ${money(before, ctx, event.data.grandTotal)}${event.data.queued ? ' (queued)' : ''}`;
    case 'OrderPlaced':
      return `Order placed: ${event.data.orderId}`;
    case 'OrderPlacementFailed':
      return `Order failed (${event.data.outcome}): ${event.data.message}${event.data.codes.length > 0 ? ` [${event.data.codes.join(', ')}]` : ''}`;
    case 'SignedIn':
      return `Signed in (${event.data.userId})`;
    case 'PageViewed':
      return `Page: ${event.data.path}`;
    case 'DialogOpened':
      if (event.data.dialog === 'line') return `Opened the item panel for ${lineName(before, ctx, event.data.target ?? '')}`;
      if (event.data.dialog === 'item') return `Opened the item panel: ${itemName(after, ctx, event.data.target ?? '')}`;
      return `Opened ${DIALOG_NAMES[event.data.dialog]}${event.data.target === 'code-step' ? ' (code step)' : ''}`;
    case 'DialogClosed':
      return `Closed ${DIALOG_NAMES[event.data.dialog]}`;
    case 'DetailsEditing':
      return event.data.editing ? `Opened the ${DETAILS_NAMES[event.data.details]} again ('Change it')` : `Closed the ${DETAILS_NAMES[event.data.details]}`;
    case 'DeviceSeen': {
      const d = event.data;
      return `Device: ${d.browser} on ${d.os}, ${d.width}x${d.height} at ${d.pixelRatio}x, ${d.language}, ${d.timeZone}, ${d.online ? 'online' : 'offline'}`;
    }
    case 'CallFailed':
      return `${event.data.call} failed: ${callFailureWords(event.data)}`;
    case 'FormRefused':
      return `${event.data.form}: not sent, the form's rules refused ${event.data.fields.join(', ')}`;
    case 'VisitShared':
      return 'Shared this visit with support';
    case 'VisitShareSent':
      return `Sent to support through event ${event.data.throughSeq}`;
    case 'VisitShareStopped':
      return event.data.reason === 'shopper'
        ? 'Stopped sharing'
        : `Sharing ended (${event.data.reason === 'full' ? 'the share is full' : 'refused by the inbox'})`;
    default:
      // Every other event's name says what happened (SignedOut, FavoritesLoaded, ...).
      return event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}

/** A failure or a warning this event raised, judged from what it changed. */
export function markerOf(event: DomainEvent, before: State, after: State): Marker {
  if (event.type === 'OrderPlacementFailed' || event.type === 'CallFailed' || after.log.faults > before.log.faults) return 'failure';
  const w = after.warnings;
  // Written out: this runs for every event of a log the console opens.
  const raised = w.removal?.seq === event.seq || w.clamp?.seq === event.seq || w.pickupMoved?.seq === event.seq || w.reorder?.seq === event.seq;
  if (raised || event.type === 'FormRefused' || after.log.ignored > before.log.ignored) return 'warning';
  return null;
}

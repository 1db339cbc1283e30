// The toasts the shopper saw at an event, worked out from the log for the support console's replayed page. A toast
// is shown while its own lifetime (notify's durations: 4 s for success, 6 s for errors and warnings) had not run out
// at the event's time, measured in event time, so no timer runs in the console. Only toasts the log determines are
// replayed: the warnings the state holds (what BagWarnings and the checkout's pickup notice toast) and the answers
// to gestures whose events say exactly what was toasted. A toast of a refusal the log does not hold (a command that
// failed before appending anything) cannot be replayed.
import { ORDER_PLACED_MESSAGE } from '../../../domain/orders/orderErrors';
import { COUPON_ADDED, REWARD_ADDED } from '../../../domain/discounts/messages';
import { discountAddedMessage } from '../../../domain/discounts/unused';
import { TEXT_PROMPT, ACCOUNT_VERIFIED } from '../../../domain/account/messages';
import type { PickupSchedule } from '../../../domain/time/pickupSlots';
import { pickupMoveNotice } from '../../../domain/time/pickupLabels';
import type { DomainEvent } from '../../../events/catalogue';
import { currentLocation } from '../../../events/context';
import { bagWarnings, heldDiscountName } from '../../../events/selectors/bag';
import type { SeekableLog } from '../../runtime/replayRuntime';
import { TOAST_DURATION, toastId, type ToastKind } from '../../shell/notify';
import type { ToastWords } from './replayedStorefront';

export interface ReplayedToast {
  /** notify's id for it: the same words shown twice are one toast, as in the shopper's notifier. */
  readonly id: string;
  readonly kind: ToastKind;
  readonly message: string;
  /** When it was raised (ms since the epoch). */
  readonly at: number;
}

/** Place Order's answer toasts only when it answers a press: the API's time-out is 60 s (a later answer is a recovery). */
const PRESS_ANSWERED_WITHIN_MS = 60_000;
const LONGEST = Math.max(...Object.values(TOAST_DURATION));

/** What the page toasted for this event, judged with the moment before it; null when it toasted nothing. */
function toastOf(log: SeekableLog, index: number, event: DomainEvent, words: ToastWords): { kind: ToastKind; message: string } | null {
  switch (event.type) {
    case 'BagLineAdded': {
      // Only the quick add and the item panel add lines, and both say this.
      const after = log.at(index).state;
      const item = currentLocation(after, log.context)?.items.get(event.data.line.itemId);
      return item ? { kind: 'success', message: words.added(item.item.Name) } : null;
    }
    case 'CouponApplied':
      return { kind: 'success', message: discountAddedMessage(event.data.coupon.Name, heldDiscountName(log.at(index - 1).state), COUPON_ADDED) };
    case 'RewardApplied':
      return { kind: 'success', message: discountAddedMessage(event.data.reward.Name, heldDiscountName(log.at(index - 1).state), REWARD_ADDED) };
    case 'TextPromptShown':
      return { kind: 'success', message: TEXT_PROMPT };
    case 'AccountVerified':
      // The verification modal says it; the sign-up page's own code step does not toast.
      return log.at(index - 1).client.dialog?.kind === 'verification' ? { kind: 'success', message: ACCOUNT_VERIFIED } : null;
    case 'LocationSelected': {
      // Said when the shopper chose it in the chooser; a location restored or chosen for them is not.
      if (log.at(index - 1).client.dialog?.kind !== 'location') return null;
      const name = currentLocation(log.at(index).state, log.context)?.location.Name;
      return name ? { kind: 'success', message: words.chosen(name) } : null;
    }
    case 'OrderPlaced':
    case 'OrderPlacementFailed':
      if (!answersPress(log, index, event.data.idempotencyKey)) return null;
      return event.type === 'OrderPlaced' ? { kind: 'success', message: ORDER_PLACED_MESSAGE } : { kind: 'error', message: event.data.message };
    default:
      return null;
  }
}

/** Whether a Place Order press with this key came shortly before (the page that pressed it toasts the answer). */
function answersPress(log: SeekableLog, index: number, key: string): boolean {
  const answeredAt = Date.parse(log.entries[index]!.at);
  for (let i = index - 1; i >= 0; i--) {
    const entry = log.entries[i]!;
    if (answeredAt - Date.parse(entry.at) > PRESS_ANSWERED_WITHIN_MS) return false;
    if (entry.event?.type === 'OrderPlacementStarted') return entry.event.data.idempotencyKey === key;
  }
  return false;
}

/**
 * The toasts on the shopper's screen just after `entries[index]`, newest first (as the notifier stacks them), in the
 * pages' own `words`. `schedule` gives the pickup schedule at a time, for the checkout's notice of a moved pickup time.
 */
export function toastsAt(log: SeekableLog, index: number, words: ToastWords, schedule: (at: number) => PickupSchedule | null = () => null): ReplayedToast[] {
  if (index < 0 || index >= log.entries.length) return [];
  const now = Date.parse(log.entries[index]!.at);
  const alive = (at: number, kind: ToastKind) => now - at < TOAST_DURATION[kind] && at <= now;
  const raised: ReplayedToast[] = [];
  const moment = log.at(index);
  // The warnings the state holds, as BagWarnings toasts them on every page.
  for (const warning of bagWarnings(moment.state))
    raised.push({ id: toastId('warning', warning.message), kind: 'warning', message: warning.message, at: Date.parse(warning.at) });
  // The moved pickup time, which the checkout page toasts.
  const move = moment.state.warnings.pickupMoved;
  if (move !== null && moment.client.path === '/checkout') {
    const zone = currentLocation(moment.state, log.context)?.location.Timezone ?? 'UTC';
    const message = pickupMoveNotice(move.to, schedule(Date.parse(move.at)), zone);
    raised.push({ id: toastId('warning', message), kind: 'warning', message, at: Date.parse(move.at) });
  }
  // The answers to the shopper's gestures, from the events of the last few seconds.
  for (let i = index; i >= 0; i--) {
    const entry = log.entries[i]!;
    const at = Date.parse(entry.at);
    if (now - at >= LONGEST) break;
    const toast = entry.event ? toastOf(log, i, entry.event, words) : null;
    if (toast) raised.push({ id: toastId(toast.kind, toast.message), ...toast, at });
  }
  // One toast per id, the latest raise (the notifier updates a toast shown again), still within its lifetime.
  const latest = new Map<string, ReplayedToast>();
  for (const toast of raised) {
    const seen = latest.get(toast.id);
    if (!seen || toast.at > seen.at) latest.set(toast.id, toast);
  }
  return [...latest.values()].filter((toast) => alive(toast.at, toast.kind)).sort((a, b) => b.at - a.at);
}

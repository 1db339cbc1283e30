// What the console asks of the shopper's storefront it replays (the root provides it, with every page: see
// src/app/root/ReplayedStorefront.tsx): the page at a moment, its dialog and toasts, and the words of the toasts the
// pages raise, which live with those pages.
import type { ComponentType } from 'react';
import type { ClientDetails } from '../../../events/facts/client';
import type { ClientState } from '../../../events/reducers/client';
import type { TimeRules } from '../../../events/timeRules';
import type { Runtime } from '../../runtime/startStorefront';
import type { ToastKind } from '../../shell/notify';

/** The panel or dialog open at that moment (its kind and target, from the log's client events). */
export type ReplayedDialog = NonNullable<ClientState['dialog']>;

/** A toast on the shopper's screen at that moment. */
export interface ReplayedToastView {
  readonly id: string;
  readonly kind: ToastKind;
  readonly message: string;
}

/** The words of the pages' toasts a replay needs to say again (they live with the pages that toast them). */
export interface ToastWords {
  readonly added: (itemName: string) => string;
  readonly chosen: (locationName: string) => string;
}

export interface ReplayedStorefrontProps {
  readonly runtime: Runtime;
  readonly path: string;
  readonly dialog: ReplayedDialog | null;
  /** Saved details shown as their form again at that moment ('Change it'). */
  readonly editing?: readonly ClientDetails[];
  /** The toasts on screen at that moment, newest first. */
  readonly toasts?: readonly ReplayedToastView[];
  /** Beside the console's timeline (dialogs and toasts stay in the frame) rather than alone in the window. */
  readonly inline?: boolean;
}

/** The storefront the console shows, how to have all of its code in before a log opens, and the pages' toast words. */
export interface ReplayedShop {
  readonly Storefront: ComponentType<ReplayedStorefrontProps>;
  readonly preload: () => Promise<unknown>;
  /** The time rules (open state, pickup slots) the replayed pages use, loaded before a log is opened. */
  readonly timeRules: () => Promise<TimeRules>;
  readonly toastWords: ToastWords;
}

// The words a storefront's pages use for what it sells, by the kind of business (config.json's BusinessKind): a
// restaurant's menu is browsed; a shop is shopped. The spec is silent on both (README, decisions); its own messages
// name neither and stay as they are.
import type { BusinessKind } from './config';

export interface BusinessWords {
  /** The home page's heading over the categories, and the call to go looking ('Browse the menu' / 'Shop'). */
  readonly browse: string;
  /** What shows when no location is chosen yet. */
  readonly chooseLocation: string;
  /** What shows when the location offers nothing. */
  readonly nothingOffered: string;
  /** Under the empty bag: where things come from. */
  readonly emptyBagHint: string;
  /** Offline, with the log on this device: what still works, and what waits. */
  readonly offline: string;
  /** Offline on a first visit, whose log is kept in the open page alone until the network is back. */
  readonly offlineInPage: string;
  /** Online as the browser sees it, yet the API gives no answer. */
  readonly unreachable: string;
}

/** The offline notices, about what the shopper browses ('the menu', 'the shop'). */
function offlineWords(browsed: string): Pick<BusinessWords, 'offline' | 'offlineInPage' | 'unreachable'> {
  return {
    offline: `You’re offline: ${browsed} and your bag still work here. Placing an order and signing in wait until you’re back online.`,
    offlineInPage: `You’re offline: ${browsed} and your bag still work, but only in this page until you’re back online, so keep it open. Placing an order and signing in wait until then.`,
    unreachable: `We can’t reach the store right now: ${browsed} and your bag still work here, and we’ll keep trying.`,
  };
}

/** The kind a business is when its configuration names none: the storefront began with restaurants. */
export const DEFAULT_BUSINESS_KIND: BusinessKind = 'restaurant';

const WORDS: { readonly [K in BusinessKind]: BusinessWords } = {
  restaurant: {
    browse: 'Browse the menu',
    chooseLocation: 'Choose a location to see the menu',
    nothingOffered: 'The menu is empty right now',
    emptyBagHint: 'Add something from the menu and it will show up here.',
    ...offlineWords('the menu'),
  },
  retail: {
    browse: 'Shop',
    chooseLocation: 'Choose a store to start shopping',
    nothingOffered: 'Nothing is for sale here right now',
    emptyBagHint: 'Add something from the shop and it will show up here.',
    ...offlineWords('the shop'),
  },
};

/** The words for this kind of business; the default kind's when none is set. */
export function businessWords(kind: BusinessKind | undefined): BusinessWords {
  return WORDS[kind ?? DEFAULT_BUSINESS_KIND];
}

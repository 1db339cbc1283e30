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
}

/** The kind a business is when its configuration names none: the storefront began with restaurants. */
export const DEFAULT_BUSINESS_KIND: BusinessKind = 'restaurant';

const WORDS: { readonly [K in BusinessKind]: BusinessWords } = {
  restaurant: {
    browse: 'Browse the menu',
    chooseLocation: 'Choose a location to see the menu',
    nothingOffered: 'The menu is empty right now',
    emptyBagHint: 'Add something from the menu and it will show up here.',
  },
  retail: {
    browse: 'Shop',
    chooseLocation: 'Choose a store to start shopping',
    nothingOffered: 'Nothing is for sale here right now',
    emptyBagHint: 'Add something from the shop and it will show up here.',
  },
};

/** The words for this kind of business; the default kind's when none is set. */
export function businessWords(kind: BusinessKind | undefined): BusinessWords {
  return WORDS[kind ?? DEFAULT_BUSINESS_KIND];
}

// The support console with the shopper's storefront it replays: every page of the storefront comes with it, one step
// removed from the first page (a lazy part's file list is written into the chunk that imports it, and the console's
// would otherwise weigh on the entry).
import { SupportConsole } from '../features/support/SupportConsole';
import type { ReplayedShop } from '../features/support/replayedStorefront';
import { timeRules } from './lazyParts';
import { PAGE_TOAST_WORDS, preloadReplayedPages, ReplayedStorefront } from './ReplayedStorefront';

const SHOP: ReplayedShop = { Storefront: ReplayedStorefront, preload: preloadReplayedPages, timeRules: timeRules.load, toastWords: PAGE_TOAST_WORDS };

export function ConsoleWithStorefront() {
  return <SupportConsole shop={SHOP} />;
}

// The first page does not need the time rules (hours, open state, pickup slots; a few kilobytes since they read zones
// through Intl rather than Temporal): they load in the background once the store is open, and on demand by the
// commands that do.
// The rules themselves stay pure and synchronous; only the way the storefront reaches them is asynchronous.
import { lazyModule } from './lazyModule';

export type TimeRules = typeof import('./timeRulesModule');

const rules = lazyModule<TimeRules>(() => import('./timeRulesModule'));

export const loadTimeRules = (): Promise<TimeRules> => rules.load();

/** The rules when already loaded (nothing is fetched). */
export const timeRulesIfLoaded = (): TimeRules | null => rules.ifLoaded();

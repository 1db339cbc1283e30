// The time rules weigh as much as the rest of the first page (Temporal and its BigInt polyfill), and the first page
// does not need them: they load in the background once the store is open, and on demand by the commands that do.
// The rules themselves stay pure and synchronous; only the way the storefront reaches them is asynchronous.
export type TimeRules = typeof import('./timeRulesModule');

let loaded: TimeRules | null = null;
let loading: Promise<TimeRules> | null = null;

export function loadTimeRules(): Promise<TimeRules> {
  loading ??= import('./timeRulesModule').then((rules) => {
    loaded = rules;
    return rules;
  });
  return loading;
}

/** The rules when already loaded (nothing is fetched). */
export function timeRulesIfLoaded(): TimeRules | null {
  return loaded;
}

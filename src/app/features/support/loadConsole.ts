// The console's code, one step removed from the first page: a lazy route's file list is written into the chunk that
// imports it, and the console's (every page of the storefront) would otherwise weigh on the first page.
export const loadConsole = () => import('./SupportConsole');

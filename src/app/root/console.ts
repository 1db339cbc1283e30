// The one step between the entry and the support console (see parts.ts): the console's file list, every page of the
// storefront, is written into this small chunk rather than into the first page's.
export const loadConsole = () => import('./loadConsole');

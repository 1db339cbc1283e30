// Marks when a checkout block starts rendering and when React has committed it, in the browser's performance
// timeline, so what a re-render costs (a tip or a pickup time changing) can be read in the Performance panel and
// measured by the tests. At most 100 marks of each are kept.
import { useLayoutEffect } from 'react';

export const CHECKOUT_RENDER_MARK = 'checkout:render';
export const CHECKOUT_COMMIT_MARK = 'checkout:commit';
const KEPT = 100;

function mark(name: string): void {
  if (performance.getEntriesByName(name, 'mark').length >= KEPT) performance.clearMarks(name);
  performance.mark(name);
}

export function useCommitMark(): void {
  mark(CHECKOUT_RENDER_MARK);
  useLayoutEffect(() => mark(CHECKOUT_COMMIT_MARK));
}

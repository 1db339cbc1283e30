// The console's address: `#event=N` opens event N (its sequence number), `&view=page` shows the shopper's page alone.
import { lastAtOrBefore } from './sortedSearch';

export interface SupportHash {
  readonly event: number | null;
  readonly page: boolean;
}

export function parseSupportHash(hash: string): SupportHash {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const text = params.get('event');
  const event = text !== null && /^\d+$/.test(text) ? Number(text) : null;
  return { event, page: params.get('view') === 'page' };
}

export function formatSupportHash(hash: SupportHash): string {
  const parts = [...(hash.event === null ? [] : [`event=${hash.event}`]), ...(hash.page ? ['view=page'] : [])];
  return parts.length === 0 ? '' : `#${parts.join('&')}`;
}

/** The index of the event with sequence number `seq`, or of the last one before it; -1 when none is. */
export function indexOfSeq(seqs: readonly number[], seq: number): number {
  return lastAtOrBefore(seqs.length, (place) => seqs[place]!, seq);
}

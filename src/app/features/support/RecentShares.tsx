// The shared visits most recently active, for a staff member with a token: each with its outcome at a glance (an
// order placed, an attempt that failed, or no order), where the shopper last was, and whether they still share.
import * as E from 'fp-ts/lib/Either.js';
import { useEffect, useMemo, useState } from 'react';
import { formatInstantShort } from '../../../domain/time/formatInstant';
import { INBOX_WORDS, recentShares, type ShareSummary } from './inboxClient';

/** What became of a visit, in a few words. */
export function outcomeWords(share: ShareSummary): string {
  if (share.outcome === 'placed') return `Placed order${share.orderIds.length > 1 ? 's' : ''} ${share.orderIds.join(', ')}`;
  if (share.outcome === 'failed') return `Failed to place an order${share.failureCodes.length > 0 ? ` (${share.failureCodes.join(', ')})` : ''}`;
  return 'No order placed';
}

type Listed = { readonly key: string } & (
  { readonly kind: 'listed'; readonly shares: readonly ShareSummary[] } | { readonly kind: 'refused'; readonly message: string }
);

export interface RecentSharesProps {
  /** The staff token the list is asked with; empty before there is one. */
  readonly token: string;
  /** Asks again when it changes (after a share is opened). */
  readonly round: number;
  readonly disabled: boolean;
  readonly onOpen: (share: ShareSummary) => void;
}

const ALL = '';

export function RecentShares({ token, round, disabled, onOpen }: RecentSharesProps) {
  const [refreshed, setRefreshed] = useState(0);
  const [listed, setListed] = useState<Listed | null>(null);
  const [business, setBusiness] = useState(ALL);
  const key = `${round} ${refreshed} ${token}`;
  useEffect(() => {
    if (token === '') return;
    let current = true;
    void recentShares(token).then((got) => {
      if (!current) return;
      // A refused token is said once, beside the form; the list only says what it waits for.
      const message = E.isLeft(got) ? (got.left.status === 401 ? INBOX_WORDS.unauthorizedList : got.left.message) : '';
      setListed(E.isRight(got) ? { key, kind: 'listed', shares: got.right } : { key, kind: 'refused', message });
    });
    return () => {
      current = false;
    };
  }, [key, token]);
  const shares = useMemo(() => (listed?.kind === 'listed' ? listed.shares : []), [listed]);
  // An inbox may hold several businesses' visits; one beside a single storefront holds that one's alone.
  const businesses = useMemo(() => [...new Set(shares.map((share) => share.business))].sort(), [shares]);
  const shown = shares.filter((share) => business === ALL || share.business === business);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <section className="support-recent" aria-labelledby="support-recent-title">
      <div className="support-recent-bar">
        <h3 id="support-recent-title">Recent shared visits</h3>
        {token !== '' ? (
          <button type="button" className="btn btn-ghost" onClick={() => setRefreshed((n) => n + 1)}>
            Refresh
          </button>
        ) : null}
        {businesses.length > 1 ? (
          <label className="support-recent-business">
            Business
            <select value={business} onChange={(event) => setBusiness(event.target.value)}>
              <option value={ALL}>All</option>
              {businesses.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {token === '' ? (
        <p className="support-muted">With your staff token, the visits shoppers shared lately show here.</p>
      ) : listed?.key !== key ? (
        <p className="support-muted" role="status">
          Asking the inbox…
        </p>
      ) : listed.kind === 'refused' ? (
        <p className="support-refusal" role="status">
          {listed.message}
        </p>
      ) : shown.length === 0 ? (
        <p className="support-muted">No visits have been shared yet.</p>
      ) : (
        <ul className="support-share-list">
          {shown.map((share) => (
            <li key={share.id}>
              <button type="button" className={`support-share is-${share.outcome}`} disabled={disabled} onClick={() => onOpen(share)}>
                <span className="support-share-outcome">{outcomeWords(share)}</span>
                <span className="support-share-meta">
                  {share.business} · {share.lastPath === null ? 'no page recorded' : `last on ${share.lastPath}`} · {share.events} events ·{' '}
                  {formatInstantShort(share.lastEventAt, zone)} · {share.stoppedAt === null ? 'still sharing' : 'stopped sharing'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

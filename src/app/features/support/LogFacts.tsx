// Above the timeline: which log is open, what in it is safe to match a customer by (the share, the business and
// location, the order numbers), the device as last recorded, which personal fields were redacted before it left the shopper's device, and for a
// shared visit whether the console is following it live.
import { memo, useMemo } from 'react';
import type { SeekableLog } from '../../runtime/replayRuntime';
import type { FollowStatus } from './followShare';
import type { OpenedShare } from './useConsoleLog';
import { PERSONAL_WORDS, visitFacts } from './visitFacts';

export interface LogFactsProps {
  readonly name: string;
  readonly log: SeekableLog;
  readonly share: OpenedShare | null;
  readonly live: FollowStatus | null;
  readonly liveProblems: readonly string[];
}

function liveWords(live: FollowStatus | null) {
  if (live === null) return null;
  if (live.kind === 'live')
    return (
      <>
        <strong>Live</strong>: each event shows here as the inbox stores it.
      </>
    );
  if (live.kind === 'connecting') return 'Connecting to the shared visit…';
  if (live.kind === 'stopped') return 'The shopper stopped sharing.';
  if (live.kind === 'gone') return 'This shared visit is no longer in the inbox.';
  return `Following stopped: ${live.message}`;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

// Drawn again only when the log or its following changes, not at every step through the timeline.
export const LogFacts = memo(function LogFacts({ name, log, share, live, liveProblems }: LogFactsProps) {
  const facts = useMemo(() => visitFacts(log), [log]);
  // The device as last recorded (DeviceSeen); the timeline has each change.
  const device = useMemo(() => (log.entries.length > 0 ? (log.at(log.entries.length - 1).client.device ?? null) : null), [log]);
  const redacted = (facts.personal ?? []).map(({ kind, events }) => `${PERSONAL_WORDS[kind]} (${plural(events, 'event')})`).join(', ');
  return (
    <section className="support-facts" aria-label="About this visit">
      <p className="support-about" role="status">
        {name}: {log.entries.length} events, written by version {log.header.appVersion} at {log.header.createdAt}
        {log.header.redacted ? ', redacted' : ''}.
      </p>
      {share !== null ? (
        <p className={`support-live is-${live?.kind ?? 'stopped'}`} role="status">
          {liveWords(live)}
        </p>
      ) : null}
      <h2 className="support-facts-title">Safe to match a customer by</h2>
      <dl className="support-match">
        {share !== null ? (
          <div>
            <dt>{share.code !== null ? 'Share code' : 'Share'}</dt>
            <dd>{share.code ?? share.shareId}</dd>
          </div>
        ) : null}
        <div>
          <dt>Business</dt>
          <dd>{facts.businesses.join(', ') || 'no catalog loaded'}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{facts.locations.join(', ') || 'none chosen'}</dd>
        </div>
        <div>
          <dt>Order numbers</dt>
          <dd>{facts.orderIds.join(', ') || 'none placed'}</dd>
        </div>
      </dl>
      {device ? (
        <p className="support-device">
          Device: {device.browser} on {device.os}, {device.width}x{device.height} at {device.pixelRatio}x, {device.language}, {device.timeZone},{' '}
          {device.online ? 'online' : 'offline'}.
        </p>
      ) : null}
      {log.header.redacted ? (
        <p className="support-redacted">
          {redacted === ''
            ? 'Redacted on the shopper’s device; this visit held no personal fields.'
            : `Redacted on the shopper’s device: ${redacted}. Placeholders such as Shopper1 stand for them, the same one for the same value throughout.`}
        </p>
      ) : null}
      {liveProblems.length > 0 ? (
        <div className="support-problems">
          <p>The inbox sent lines this console could not read:</p>
          <ul>
            {liveProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
});

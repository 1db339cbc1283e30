// An open log on the console: the timeline with its filters and Play, what the shopper saw at the selected event, and
// why, with what the event changed.
import type { ReactNode } from 'react';
import type { SeekableLog } from '../../runtime/replayRuntime';
import { ChangesPanel } from './ChangesPanel';
import { ScaledFrame } from './ScaledFrame';
import { Timeline } from './Timeline';
import type { useReplayedScreen } from './useReplayedScreen';
import type { TimelineView } from './useTimeline';
import { WhyPanel } from './WhyPanel';

export interface OpenedLogProps {
  readonly log: SeekableLog;
  readonly timeline: TimelineView;
  readonly screen: ReturnType<typeof useReplayedScreen>;
  /** The replayed page at the selected event (null until the views hold it). */
  readonly page: ReactNode;
  readonly showPageAlone: () => void;
}

export function OpenedLog({ log, timeline, screen, page, showPageAlone }: OpenedLogProps) {
  const { entry, moment, onScreen, why, changes } = screen;
  return (
    <div className="support-grid">
      <TimelineSection log={log} timeline={timeline} />
      <section className="support-screen" aria-labelledby="support-screen-title">
        <div className="support-screen-bar">
          <h2 id="support-screen-title">
            {entry ? `What the shopper saw after #${entry.seq}` : 'What the shopper saw'} ({moment?.client.path ?? '/'})
          </h2>
          <button type="button" className="btn" onClick={showPageAlone}>
            Show the page alone
          </button>
        </div>
        <ScaledFrame width={onScreen?.client.device?.width ?? null}>{page}</ScaledFrame>
      </section>
      {/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <section className="support-details" aria-labelledby="support-why-title" tabIndex={0}>
        <h2 id="support-why-title">Why</h2>
        {why ? <WhyPanel why={why} /> : null}
        <h2>What this event changed</h2>
        <ChangesPanel changes={changes} />
      </section>
    </div>
  );
}

/** The events, filtered by type or search, page bookkeeping folded or not, with Play. */
function TimelineSection({ log, timeline }: Pick<OpenedLogProps, 'log' | 'timeline'>) {
  const { choices, types, shown, rows, selected, select, playOrPause } = timeline;
  const { typeFilter, setTypeFilter, search, setSearch, fold, setFold, playing, openRow } = choices;
  return (
    <section className="support-events" aria-labelledby="support-events-title">
      <h2 id="support-events-title">Timeline</h2>
      <div className="support-filters">
        <label>
          Type
          <select value={typeFilter} onChange={(event) => setTypeFilter(event.target.value)}>
            <option value="">All types</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label>
          Search
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
      </div>
      <div className="support-filters">
        <label>
          <input type="checkbox" checked={fold} onChange={(event) => setFold(event.target.checked)} /> Fold page bookkeeping
        </label>
        <button type="button" className="btn" onClick={playOrPause}>
          {playing ? 'Pause' : 'Play'}
        </button>
      </div>
      <p className="support-muted">
        {shown.length} of {log.entries.length} events. Arrow keys step through them; Play steps at the shopper’s pace.
      </p>
      <Timeline entries={log.entries} info={log.info} rows={rows} selected={selected} onSelect={select} onOpen={openRow} />
    </section>
  );
}

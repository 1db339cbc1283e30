// The log's events, one row each: sequence number, type, time in the location's zone and in UTC, a one-line summary
// and a failure or warning marker; a page load's bookkeeping folds into one row (timelineRows.ts), which a click or
// Enter opens. The list is one focusable listbox: the arrow keys step (over a folded row as one, to its last event),
// Home and End jump.
import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import { formatInstantShort } from '../../../domain/time/formatInstant';
import type { EntryInfo, LogEntry } from '../../runtime/replayRuntime';
import { foldedSummary, type TimelineRow } from './timelineRows';

export interface TimelineProps {
  readonly entries: readonly LogEntry[];
  readonly info: readonly EntryInfo[];
  /** The rows of the entries the filter and the search keep, in order. */
  readonly rows: readonly TimelineRow[];
  readonly selected: number;
  readonly onSelect: (index: number) => void;
  /** Opens a folded row: its events are shown one a row from then on. */
  readonly onOpen: (first: number) => void;
}

/** The entry a row stands for when stepped onto: its event, or a folded row's last (the state after them all). */
export const rowIndex = (row: TimelineRow): number => (row.kind === 'event' ? row.index : row.indexes.at(-1)!);
/** Whether a row holds the entry at `index`. */
export const rowHolds = (row: TimelineRow, index: number): boolean => (row.kind === 'event' ? row.index === index : row.indexes.includes(index));

const Folded = memo(function Folded({
  entries,
  indexes,
  selected,
  onSelect,
  onOpen,
}: {
  readonly entries: readonly LogEntry[];
  readonly indexes: readonly number[];
  readonly selected: boolean;
  readonly onSelect: (index: number) => void;
  readonly onOpen: (first: number) => void;
}) {
  const first = entries[indexes[0]!]!;
  const last = entries[indexes.at(-1)!]!;
  return (
    // Clicks open the row; the keyboard steps onto it and Enter opens it (see Timeline).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li
      id={`support-event-${last.seq}`}
      role="option"
      aria-selected={selected}
      className={`support-row support-row-folded${selected ? ' is-selected' : ''}`}
      onClick={() => {
        onOpen(indexes[0]!);
        onSelect(indexes[0]!);
      }}
    >
      <span className="support-row-seq">
        #{first.seq}–#{last.seq}
      </span>
      <span className="support-row-summary">{foldedSummary(entries, indexes)}. Click or press Enter to open.</span>
    </li>
  );
});

const MARKER_TEXT = { failure: 'Failure', warning: 'Warning' } as const;

const Row = memo(function Row({
  entry,
  info,
  selected,
  onSelect,
  index,
}: {
  readonly entry: LogEntry;
  readonly info: EntryInfo;
  readonly selected: boolean;
  readonly index: number;
  readonly onSelect: (index: number) => void;
}) {
  return (
    // Clicks choose a row; the keyboard moves through the listbox that holds the rows (see Timeline).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li
      id={`support-event-${entry.seq}`}
      role="option"
      aria-selected={selected}
      className={`support-row${selected ? ' is-selected' : ''}${info.marker ? ` is-${info.marker}` : ''}`}
      onClick={() => onSelect(index)}
    >
      <span className="support-row-seq">#{entry.seq}</span>
      <span className="support-row-type">{entry.type}</span>
      <span className="support-row-time">
        <time dateTime={entry.at}>{formatInstantShort(entry.at, info.zone)}</time> <span className="support-row-zone">{info.zone}</span>
        <span className="support-row-utc"> · {entry.at.slice(11, 19)} UTC</span>
      </span>
      <span className="support-row-summary">
        {info.marker ? <strong className={`support-marker support-marker-${info.marker}`}>{MARKER_TEXT[info.marker]}: </strong> : null}
        {info.summary}
      </span>
    </li>
  );
});

export function Timeline({ entries, info, rows, selected, onSelect, onOpen }: TimelineProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    row?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const at = rows.findIndex((row) => rowHolds(row, selected));
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (rows.length === 0) return;
    const here = rows[at];
    if (event.key === 'Enter' && here?.kind === 'folded') {
      event.preventDefault();
      onOpen(here.indexes[0]!);
      return;
    }
    const last = rows.length - 1;
    const next =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? Math.min(at < 0 ? 0 : at + 1, last)
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? Math.max(at < 0 ? 0 : at - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(rowIndex(rows[next]!));
  };
  const current = at >= 0 ? entries[rowIndex(rows[at]!)] : undefined;
  return (
    <ul
      ref={list}
      className="support-timeline"
      role="listbox"
      tabIndex={0}
      aria-label="Events"
      aria-activedescendant={current ? `support-event-${current.seq}` : undefined}
      onKeyDown={onKeyDown}
    >
      {rows.map((row, i) =>
        row.kind === 'event' ? (
          <Row
            key={entries[row.index]!.seq}
            entry={entries[row.index]!}
            info={info[row.index]!}
            index={row.index}
            selected={row.index === selected}
            onSelect={onSelect}
          />
        ) : (
          <Folded
            key={`folded-${entries[row.indexes[0]!]!.seq}`}
            entries={entries}
            indexes={row.indexes}
            selected={i === at}
            onSelect={onSelect}
            onOpen={onOpen}
          />
        ),
      )}
    </ul>
  );
}

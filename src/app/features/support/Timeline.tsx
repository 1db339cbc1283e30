// The log's events, one row each: sequence number, type, time in the location's zone and in UTC, a one-line summary
// and a failure or warning marker. The list is one focusable listbox: the arrow keys step, Home and End jump.
import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import { formatInstantShort } from '../../../domain/time/formatInstant';
import type { EntryInfo, LogEntry } from '../../runtime/replayRuntime';

export interface TimelineProps {
  readonly entries: readonly LogEntry[];
  readonly info: readonly EntryInfo[];
  /** Indexes of the entries the filter and the search keep, in order. */
  readonly shown: readonly number[];
  readonly selected: number;
  readonly onSelect: (index: number) => void;
}

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

export function Timeline({ entries, info, shown, selected, onSelect }: TimelineProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    row?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (shown.length === 0) return;
    const at = shown.indexOf(selected);
    const last = shown.length - 1;
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
    onSelect(shown[next]!);
  };
  const current = entries[selected];
  return (
    <ul
      ref={list}
      className="support-timeline"
      role="listbox"
      tabIndex={0}
      aria-label="Events"
      aria-activedescendant={current && shown.includes(selected) ? `support-event-${current.seq}` : undefined}
      onKeyDown={onKeyDown}
    >
      {shown.map((index) => (
        <Row key={entries[index]!.seq} entry={entries[index]!} info={info[index]!} index={index} selected={index === selected} onSelect={onSelect} />
      ))}
    </ul>
  );
}

// The log's events, one row each: sequence number, type, time in the location's zone and in UTC, a one-line summary
// and a failure or warning marker; a page load's bookkeeping folds into one row (timelineRows.ts), which a click or
// Enter opens. The list is one focusable listbox: the arrow keys step (over a folded row as one, to its last event),
// Home and End jump. A long log draws only the rows in view and around it (windowing.ts): each row says its place
// in the whole list (aria-posinset of aria-setsize), and the chosen row is scrolled to and drawn wherever it is.
import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { formatInstantShort } from '../../../domain/time/formatInstant';
import type { EntryInfo, LogEntry } from '../../runtime/replayRuntime';
import { foldedSummary, rowOf, type TimelineRow } from './timelineRows';
import { RowHeights, keyedRowOffsets, revealTop, windowOf } from './windowing';

export interface TimelineProps {
  readonly entries: readonly LogEntry[];
  /** What each entry shows, asked for only for the rows drawn. */
  readonly info: (index: number) => EntryInfo;
  /** The rows of the entries the filter and the search keep, in order. */
  readonly rows: readonly TimelineRow[];
  readonly selected: number;
  readonly onSelect: (index: number) => void;
  /** Opens a folded row: its events are shown one a row from then on. */
  readonly onOpen: (first: number) => void;
}

/** The entry a row stands for when stepped onto: its event, or a folded row's last (the state after them all). */
export const rowIndex = (row: TimelineRow): number => (typeof row === 'number' ? row : row.indexes.at(-1)!);

/**
 * A row's place: its key (its height is kept by it), its position in the whole list from 1, and the space kept above
 * the first row drawn and below the last for the rows not drawn (margins, which a row's measured height leaves out).
 */
interface Position {
  readonly rowKey: number;
  readonly at: number;
  readonly of: number;
  readonly style: CSSProperties | undefined;
}

const Folded = memo(function Folded({
  entries,
  indexes,
  selected,
  rowKey,
  at,
  of,
  style,
  onSelect,
  onOpen,
}: Position & {
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
      data-row={rowKey}
      aria-posinset={at}
      aria-setsize={of}
      style={style}
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
  rowKey,
  at,
  of,
  style,
  onSelect,
  index,
}: Position & {
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
      data-row={rowKey}
      aria-posinset={at}
      aria-setsize={of}
      style={style}
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

/** Scrolls toward a chosen row before giving up (each one measures the rows it lands on, so the next is closer). */
const MAX_TRIES = 20;

/** A row's key: its event's seq, or a folded row's first negated (a seq is 1 or more, so the two never meet). */
const keyOf = (entries: readonly LogEntry[], row: TimelineRow): number => (typeof row === 'number' ? entries[row]!.seq : -entries[row.indexes[0]!]!.seq);

/**
 * The rows' keys, made once for each list of rows (a list kept while a search shows another, and shown again once it
 * is cleared, does not make a million keys again).
 */
const keysMade = new WeakMap<readonly TimelineRow[], readonly number[]>();
function keysOf(entries: readonly LogEntry[], rows: readonly TimelineRow[]): readonly number[] {
  let keys = keysMade.get(rows);
  if (keys === undefined) {
    keys = rows.map((row) => keyOf(entries, row));
    keysMade.set(rows, keys);
  }
  return keys;
}

export function Timeline({ entries, info, rows, selected, onSelect, onOpen }: TimelineProps) {
  const list = useRef<HTMLUListElement>(null);
  const [heights] = useState(() => new RowHeights<number>());
  // Bumped when a drawn row measures other than it was counted, so the rows' tops are added up again.
  const [measured, setMeasured] = useState(0);
  const [view, setView] = useState({ top: 0, height: 0 });
  const keys = useMemo(() => keysOf(entries, rows), [entries, rows]);
  const offsets = useMemo(
    () => keyedRowOffsets(keys, heights),
    // `measured` says the heights changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [keys, heights, measured],
  );
  const at = useMemo(() => rowOf(rows, selected), [rows, selected]);
  const shown = windowOf(offsets, view.top, view.height);

  // The list's height, and its width: rows wrap differently at another width, so their heights are measured again.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== width) {
        width = element.clientWidth;
        heights.clear();
        setMeasured((n) => n + 1);
      }
      setView((before) => (before.height === element.clientHeight ? before : { top: element.scrollTop, height: element.clientHeight }));
    });
    observer.observe(element);
    setView({ top: element.scrollTop, height: element.clientHeight });
    return () => observer.disconnect();
  }, [heights]);

  // The rows drawn are measured after every drawing; a height that changed adds the tops up again. A row newly
  // chosen (by a key, a click, the address, or playing), or moved in the list (a type or a search set or cleared),
  // is then scrolled to: first to where the tops say it is, and once it is drawn there, into view where it really is
  // (the rows around it measured). A row hidden by a type or a search is shown again once they are cleared.
  const revealed = useRef<{ readonly selected: number; readonly at: number } | null>(null);
  const tries = useRef(0);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    let changed = false;
    for (const row of element.children) {
      const key = (row as HTMLElement).dataset.row;
      if (key !== undefined) changed = heights.set(Number(key), row.getBoundingClientRect().height) || changed;
    }
    if (changed) {
      setMeasured((n) => n + 1);
      return;
    }
    if (at < 0) {
      revealed.current = null;
      tries.current = 0;
      return;
    }
    if (revealed.current?.selected === selected && revealed.current.at === at) return;
    const row = element.querySelector<HTMLElement>('[aria-selected="true"]');
    if (row || tries.current >= MAX_TRIES) {
      row?.scrollIntoView({ block: 'nearest' });
      revealed.current = { selected, at };
      tries.current = 0;
      return;
    }
    tries.current += 1;
    element.scrollTop = revealTop(offsets, at, element.scrollTop, element.clientHeight);
    setView({ top: element.scrollTop, height: element.clientHeight });
    // Whenever other rows are drawn, or the heights or the choice changed.
  }, [shown.start, shown.end, rows, entries, info, offsets, heights, selected, at]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (rows.length === 0) return;
    const here = rows[at];
    if (event.key === 'Enter' && typeof here === 'object') {
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
  // The chosen row is named only while it is drawn (scrolled away from by hand, it is not).
  const current = at >= shown.start && at < shown.end ? entries[rowIndex(rows[at]!)] : undefined;
  return (
    <ul
      ref={list}
      className="support-timeline"
      role="listbox"
      tabIndex={0}
      aria-label="Events"
      aria-activedescendant={current ? `support-event-${current.seq}` : undefined}
      onKeyDown={onKeyDown}
      onScroll={(event) => {
        const element = event.currentTarget;
        setView({ top: element.scrollTop, height: element.clientHeight });
      }}
    >
      {rows.slice(shown.start, shown.end).map((row, i) => {
        const first = i === 0 && shown.before > 0;
        const last = shown.start + i === shown.end - 1 && shown.after > 0;
        const style = first || last ? { marginTop: first ? shown.before : undefined, marginBottom: last ? shown.after : undefined } : undefined;
        const position: Position = { rowKey: keys[shown.start + i]!, at: shown.start + i + 1, of: rows.length, style };
        return typeof row === 'number' ? (
          <Row key={position.rowKey} entry={entries[row]!} info={info(row)} index={row} selected={row === selected} {...position} onSelect={onSelect} />
        ) : (
          <Folded
            key={position.rowKey}
            entries={entries}
            indexes={row.indexes}
            selected={shown.start + i === at}
            {...position}
            onSelect={onSelect}
            onOpen={onOpen}
          />
        );
      })}
    </ul>
  );
}

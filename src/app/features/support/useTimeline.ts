// The console's timeline: which event is selected (the address says it), which rows show (a type, a search, page
// bookkeeping folded or not), and playing at the shopper's pace.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SeekableLog } from '../../runtime/replayRuntime';
import type { SupportHash } from './supportHash';
import { indexOfSeq } from './supportHash';
import { rowIndex } from './Timeline';
import { entriesOfType, playDelay, rowOf, searchedEntries, timelineRows, type TimelineRow } from './timelineRows';

/** What support chose of the timeline. */
export interface TimelineChoices {
  readonly typeFilter: string;
  readonly setTypeFilter: (type: string) => void;
  readonly search: string;
  readonly setSearch: (search: string) => void;
  /** A page load's bookkeeping folds into one row. */
  readonly fold: boolean;
  readonly setFold: (fold: boolean) => void;
  /** The folded runs support opened, by their first index. */
  readonly opened: ReadonlySet<number>;
  readonly openRow: (first: number) => void;
  readonly playing: boolean;
  readonly setPlaying: (playing: boolean) => void;
  /** A log was opened after another: its folded runs start closed, and nothing plays. */
  readonly forget: () => void;
}

export function useTimelineChoices(): TimelineChoices {
  const [typeFilter, setTypeFilter] = useState('');
  const [search, setSearch] = useState('');
  const [fold, setFold] = useState(true);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const [playing, setPlaying] = useState(false);
  const openRow = useCallback((first: number) => setOpened((before) => new Set(before).add(first)), []);
  const forget = useCallback(() => {
    setOpened(new Set());
    setPlaying(false);
  }, []);
  return { typeFilter, setTypeFilter, search, setSearch, fold, setFold, opened, openRow, playing, setPlaying, forget };
}

/** The selected event's index (the last with no event in the address, -1 with no log), and how to select another. */
function useSelection(
  log: SeekableLog | null,
  hash: SupportHash,
  setHash: (event: number | null, page: boolean) => void,
): { readonly selected: number; readonly select: (index: number) => void } {
  const seqs = useMemo(() => log?.entries.map((e) => e.seq) ?? [], [log]);
  const selected = log === null ? -1 : hash.event === null ? log.entries.length - 1 : Math.max(indexOfSeq(seqs, hash.event), 0);
  const select = useCallback((index: number) => setHash(seqs[index] ?? null, false), [seqs, setHash]);
  return { selected, select };
}

/** The event types of the log, the events the type and search keep, and the rows they make. */
function useTimelineRows(log: SeekableLog | null, choices: TimelineChoices) {
  const { typeFilter, search, fold, opened } = choices;
  const types = useMemo(() => [...new Set(log?.entries.map((e) => e.type) ?? [])].sort(), [log]);
  const searched = search.trim() !== '';
  const ofType = useMemo(() => (log ? entriesOfType(log.entries, typeFilter) : []), [log, typeFilter]);
  const found = useMemo(() => (log && searched ? searchedEntries(ofType, log.search.find(search), log.entries.length) : null), [log, ofType, search, searched]);
  // The rows without a search are kept while a search shows its own, so clearing it shows them again at once (a
  // million events' rows took about 100 ms to make again, and as much of the collector's time later).
  const foldable = fold && typeFilter === '';
  const unsearchedRows: readonly TimelineRow[] = useMemo(() => {
    if (!log) return [];
    return foldable ? timelineRows(log.entries, log.markers, ofType, opened) : ofType;
  }, [log, ofType, opened, foldable]);
  const shown = found ?? ofType;
  // A search already says what to show: then every event it keeps is a row of its own (an event's row is its index).
  const rows = found ?? unsearchedRows;
  return { types, shown, rows };
}

/** Playing steps to the next row after the time the shopper took, and stops at the last. */
function usePlaying(log: SeekableLog | null, rows: readonly TimelineRow[], selected: number, select: (index: number) => void, choices: TimelineChoices) {
  const { playing, setPlaying } = choices;
  useEffect(() => {
    if (!playing || !log) return;
    const at = rowOf(rows, selected);
    const next = rows[at + 1];
    if (!next) {
      setPlaying(false);
      return;
    }
    const to = rowIndex(next);
    const timer = setTimeout(() => select(to), playDelay(log.entries[selected]!, log.entries[to]!));
    return () => clearTimeout(timer);
  }, [playing, setPlaying, log, rows, selected, select]);
  // Playing from the last event starts again from the first.
  const playOrPause = () => {
    const at = rowOf(rows, selected);
    if (!playing && at === rows.length - 1 && rows[0]) select(rowIndex(rows[0]));
    setPlaying(!playing);
  };
  return playOrPause;
}

/** The open log's timeline: the selected event, the rows shown, and Play. */
export function useTimeline(log: SeekableLog | null, hash: SupportHash, setHash: (event: number | null, page: boolean) => void, choices: TimelineChoices) {
  const { selected, select } = useSelection(log, hash, setHash);
  const { types, shown, rows } = useTimelineRows(log, choices);
  const playOrPause = usePlaying(log, rows, selected, select, choices);
  return { choices, selected, select, types, shown, rows, playOrPause };
}

export type TimelineView = ReturnType<typeof useTimeline>;

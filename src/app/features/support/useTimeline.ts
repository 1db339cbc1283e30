// The console's timeline: which event is selected (the address says it), which rows show (a type, a search, page
// bookkeeping folded or not), playing at the shopper's pace, and the search's index made a piece at a time.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SeekableLog } from '../../runtime/replayRuntime';
import type { SupportHash } from './supportHash';
import { indexOfSeq } from './supportHash';
import { rowIndex } from './Timeline';
import {
  entriesOfType,
  playDelay,
  rowOf,
  searchedEntries,
  searchIndexMaker,
  timelineRows,
  type SearchIndex,
  type SearchIndexMaker,
  type TimelineRow,
} from './timelineRows';

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

/**
 * The event types of the log, the events the type and search keep, and the rows they make. While a search waits for
 * the index (`index` null), the timeline keeps the type's events, folded as without a search.
 */
function useTimelineRows(log: SeekableLog | null, choices: TimelineChoices, index: SearchIndex | null) {
  const { typeFilter, search, fold, opened } = choices;
  const types = useMemo(() => [...new Set(log?.entries.map((e) => e.type) ?? [])].sort(), [log]);
  const searched = search.trim() !== '';
  const unsearched = useMemo(() => (log ? entriesOfType(log.entries, typeFilter) : []), [log, typeFilter]);
  const found = useMemo(
    () => (!searched ? unsearched : index === null ? null : searchedEntries(unsearched, index, search)),
    [unsearched, index, search, searched],
  );
  const waiting = found === null;
  // The very rows of the timeline without the search while it waits: none is made again for it.
  const shown = found ?? unsearched;
  // A type or a search already says what to show: then every event kept is a row of its own.
  const folding = fold && typeFilter === '' && (waiting || !searched);
  const rows: readonly TimelineRow[] = useMemo(() => {
    if (!log) return [];
    return folding ? timelineRows(log.entries, log.markers, shown, opened) : shown.map((index) => ({ kind: 'event' as const, index }));
  }, [log, shown, opened, folding]);
  return { types, shown, rows, waiting };
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

/** How long the console makes the search index at a time when the browser cannot say it is idle. */
const SLICE_MS = 8;
/** How long it works at a time while a search waits for them: the page still answers between two pieces. */
const WAITED_SLICE_MS = 40;
/** How often the count line says how far the index is: each time draws the console again, which costs the index time. */
const TELL_EVERY_MS = 250;

/** How far the open log's search index is: the entries it holds, of all. */
export interface IndexProgress {
  readonly read: number;
  readonly of: number;
}

/**
 * The search's index: made once the log is on screen, a piece at a time in idle moments (a long log's all at once
 * would be a long task), and piece after piece, without waiting for idle moments, while a search waits for it. The
 * index itself once whole (null before), and how far it is.
 */
function useSearchIndex(log: SeekableLog | null, searching: boolean): { readonly index: SearchIndex | null; readonly progress: IndexProgress } {
  const maker = useMemo(() => (log ? searchIndexMaker(log.entries, log.summaries) : null), [log]);
  const [told, setTold] = useState<{ readonly maker: SearchIndexMaker | null; readonly read: number; readonly index: SearchIndex | null }>({
    maker: null,
    read: 0,
    index: null,
  });
  useEffect(() => {
    if (!log || !maker) return;
    let cancel = () => {};
    // Said after the first piece, then every TELL_EVERY_MS.
    let toldAt = -Infinity;
    /** Works while `more` says there is time (one at least), says how far while a search waits, then waits its turn. */
    const work = (more: () => boolean) => {
      const read = maker.work(more);
      const index = maker.whole();
      if (index !== null || (searching && performance.now() - toldAt >= TELL_EVERY_MS)) {
        toldAt = performance.now();
        setTold((before) => (before.maker === maker && before.read === read ? before : { maker, read, index }));
      }
      if (index === null) later(0);
    };
    const later = (delay: number) => {
      if (searching) {
        // The next piece as the next task: a timer set from a timer waits 4 ms or more, a tenth of each piece.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          const until = performance.now() + WAITED_SLICE_MS;
          work(() => performance.now() < until);
        };
        channel.port2.postMessage(null);
        cancel = () => channel.port1.close();
        return;
      }
      if (typeof window.requestIdleCallback !== 'function') {
        const timer = setTimeout(() => {
          const until = performance.now() + SLICE_MS;
          work(() => performance.now() < until);
        }, delay);
        cancel = () => clearTimeout(timer);
        return;
      }
      const made = window.requestIdleCallback((deadline) => work(() => deadline.timeRemaining() > 1), { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(made);
    };
    // In idle moments (a browser without them waits half a second, for the console to settle on screen), or at once
    // while a search waits.
    later(500);
    return () => cancel();
  }, [log, maker, searching]);
  const current = told.maker === maker;
  return { index: current ? told.index : null, progress: { read: current ? told.read : 0, of: log?.entries.length ?? 0 } };
}

/** The open log's timeline: the selected event, the rows shown, and Play. */
export function useTimeline(log: SeekableLog | null, hash: SupportHash, setHash: (event: number | null, page: boolean) => void, choices: TimelineChoices) {
  const { selected, select } = useSelection(log, hash, setHash);
  const { index, progress } = useSearchIndex(log, choices.search.trim() !== '');
  const { types, shown, rows, waiting } = useTimelineRows(log, choices, index);
  const playOrPause = usePlaying(log, rows, selected, select, choices);
  // How far the index is while a search waits for it; null once the search has its answer.
  const searching = waiting ? progress : null;
  return { choices, selected, select, types, shown, rows, playOrPause, searching };
}

export type TimelineView = ReturnType<typeof useTimeline>;

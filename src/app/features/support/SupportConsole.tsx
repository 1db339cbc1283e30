// The support console (/support): open a shopper's exported session log, or a visit they shared through the support
// inbox, and see what they saw at any event, and why. Loaded on demand, never linked from the shopper's pages, and
// offline: a file is read from the disk, and once a log is open nothing is fetched or sent but the shared visits
// support asks the inbox for and follows (offline.ts).
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { currentLocation } from '../../../events/context';
import { stateDiff } from '../../../events/selectors/stateDiff';
import { explain } from '../../../events/selectors/why';
import type { Moment, OpenProgress } from '../../runtime/replayRuntime';
import type { ReplayedDialog, ReplayedShop } from './replayedStorefront';
import { ChangesPanel } from './ChangesPanel';
import { configWithLinks } from './footerLinks';
import { LogFacts } from './LogFacts';
import { ScaledFrame } from './ScaledFrame';
import { askWidthOfTheFrame } from './shopperWidth';
import { keepReplayedDialogsInline } from './offline';
import { toastsAt } from './replayedToasts';
import { SharedVisits } from './SharedVisits';
import { indexOfSeq } from './supportHash';
import { Timeline, rowHolds, rowIndex } from './Timeline';
import { playDelay, searchIndex, shownEntries, timelineRows, type TimelineRow } from './timelineRows';
import { useConsoleLog, type OpenedShare } from './useConsoleLog';
import { useSupportHash } from './useSupportHash';
import { WhyPanel } from './WhyPanel';
import './support.css';

/** How far a long log's opening is: its lines checked, then its events replayed. */
const readingProgress = ({ stage, done, of }: OpenProgress): string =>
  `${done.toLocaleString('en-US')} of ${of.toLocaleString('en-US')} ${stage === 'checking' ? 'lines checked' : 'events replayed'}.`;

export function SupportConsole({ shop }: { readonly shop: ReplayedShop }) {
  const { Storefront, toastWords } = shop;
  const [hash, setHash] = useSupportHash();
  const [typeFilter, setTypeFilter] = useState('');
  const [search, setSearch] = useState('');
  const [dragging, setDragging] = useState(false);
  // A page load's bookkeeping folds into one row; these are the folded runs support opened (by their first index).
  const [fold, setFold] = useState(true);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const [playing, setPlaying] = useState(false);
  // Several files dropped at once: the console opens the first and says which (one log at a time).
  const [dropNote, setDropNote] = useState<string | null>(null);
  // Support at the last event of a visit that grows follows it; anywhere else, the selection stays put.
  const atLast = useRef(false);
  const pageAlone = useRef(false);
  const { phase, timeRules, openText, live, liveProblems } = useConsoleLog(shop, {
    // The address names an event of the log it was given with; a log opened after another starts at its own last
    // event, beside the timeline.
    onReplaced: () => {
      setHash(null, false);
      setOpened(new Set());
      setPlaying(false);
    },
    onGrow: () => {
      if (atLast.current) setHash(null, pageAlone.current);
    },
  });

  useEffect(() => {
    document.title = 'Support console';
    keepReplayedDialogsInline();
  }, []);

  const open = useCallback(
    async (file: File, dropped = 1) => {
      setDropNote(null);
      const opened = await openText(file.name, () => file.text());
      // Of several files dropped at once only the first is read, and the note says which, and whether it opened.
      if (dropped <= 1) return;
      const several = `${dropped} files were dropped; the console opens one log at a time, so it `;
      setDropNote(opened ? `${several}opened ${file.name}.` : `${several}tried ${file.name}, which is not a log it can open.`);
    },
    [openText],
  );
  const openShared = useCallback(
    (name: string, text: string, share: OpenedShare) => {
      setDropNote(null);
      return openText(name, async () => text, share);
    },
    [openText],
  );

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void open(file);
  };
  // A file dragged over the console shows where it goes; the count of enters and leaves keeps the cue on while the
  // pointer crosses the console's own parts (each fires its own enter and leave).
  const dragDepth = useRef(0);
  // Text dragged into the search box is left to the browser.
  const carriesFile = (event: DragEvent<HTMLElement>) => event.dataTransfer.types.includes('Files');
  const onDragEnter = (event: DragEvent<HTMLElement>) => {
    if (!carriesFile(event) || phase.kind === 'preparing') return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!carriesFile(event)) return;
    // Taken even while getting ready, so a file dropped early is not opened by the browser in place of the console.
    event.preventDefault();
    event.dataTransfer.dropEffect = phase.kind === 'preparing' ? 'none' : 'copy';
  };
  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    if (!carriesFile(event)) return;
    dragDepth.current = Math.max(dragDepth.current - 1, 0);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    if (!carriesFile(event)) return;
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    // While the console is getting ready the file input is disabled too: the log would open without the time rules.
    if (phase.kind === 'preparing') return;
    const files = event.dataTransfer.files;
    const file = files[0];
    if (file) void open(file, files.length);
  };

  const log = phase.kind === 'open' ? phase.log : null;
  // The storefront's styles are all here once a log is open (the pages' code is loaded first): their width rules
  // now ask the replayed page's frame.
  useEffect(() => {
    if (phase.kind === 'open') askWidthOfTheFrame();
  }, [phase.kind]);
  const seqs = useMemo(() => log?.entries.map((e) => e.seq) ?? [], [log]);
  const selected = log === null ? -1 : hash.event === null ? log.entries.length - 1 : Math.max(indexOfSeq(seqs, hash.event), 0);
  const select = useCallback((index: number) => setHash(seqs[index] ?? null, false), [seqs, setHash]);
  useEffect(() => {
    // An address naming the last event follows the visit as it grows (no event named follows it already).
    atLast.current = log !== null && hash.event !== null && selected === log.entries.length - 1;
    pageAlone.current = hash.page;
  });

  // The search's index is made once the log is on screen, while nothing else is asked of the page.
  useEffect(() => {
    if (!log) return;
    const make = () => void searchIndex(log.entries, log.info);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(make, 500);
      return () => clearTimeout(timer);
    }
    const made = window.requestIdleCallback(make, { timeout: 2000 });
    return () => window.cancelIdleCallback(made);
  }, [log]);

  const types = useMemo(() => [...new Set(log?.entries.map((e) => e.type) ?? [])].sort(), [log]);
  const shown = useMemo(() => (log ? shownEntries(log.entries, log.info, typeFilter, search) : []), [log, typeFilter, search]);

  // A type or a search already says what to show: then every event kept is a row of its own.
  const rows: readonly TimelineRow[] = useMemo(() => {
    if (!log) return [];
    const folding = fold && typeFilter === '' && search.trim() === '';
    return folding ? timelineRows(log.entries, log.info, shown, opened) : shown.map((index) => ({ kind: 'event' as const, index }));
  }, [log, shown, opened, fold, typeFilter, search]);
  const openRow = useCallback((first: number) => setOpened((before) => new Set(before).add(first)), []);

  // Playing steps to the next row after the time the shopper took, and stops at the last.
  useEffect(() => {
    if (!playing || !log) return;
    const at = rows.findIndex((row) => rowHolds(row, selected));
    const next = rows[at + 1];
    if (!next) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPlaying(false);
      return;
    }
    const to = rowIndex(next);
    const timer = setTimeout(() => select(to), playDelay(log.entries[selected]!, log.entries[to]!));
    return () => clearTimeout(timer);
  }, [playing, log, rows, selected, select]);

  const moment = useMemo(() => (log && selected >= 0 ? log.at(selected) : null), [log, selected]);
  const previous = useMemo(() => (log && selected >= 0 ? log.at(selected - 1) : null), [log, selected]);
  const replay = phase.kind === 'open' ? phase.replay : null;
  const entry = log && selected >= 0 ? log.entries[selected]! : null;
  // The moment the replayed views hold: the pages render it only once the views have it, so a page never mounts on
  // the state of the event before (a confirmation would find no order and leave for the home page).
  const [onScreen, setOnScreen] = useState<Moment | null>(null);
  useEffect(() => {
    if (!replay || !moment || !entry) return;
    replay.show(moment.state, Date.parse(entry.at));
    // The views (an external store) now hold this moment: the pages may show it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOnScreen(moment);
  }, [replay, moment, entry]);
  const dialogKey = onScreen?.client.dialog ? `${onScreen.client.dialog.kind} ${onScreen.client.dialog.target ?? ''}` : '';
  // The same dialog at two events is the same dialog: it is not opened again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const dialog: ReplayedDialog | null = useMemo(() => onScreen?.client.dialog ?? null, [dialogKey]);
  // The same forms at two events are the same forms.
  const editingKey = (onScreen?.client.editing ?? []).join(' ');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const editing = useMemo(() => onScreen?.client.editing ?? [], [editingKey]);
  const why = useMemo(() => (log && moment ? explain(moment.state, log.context, moment.client) : null), [log, moment]);
  const changes = useMemo(
    () =>
      moment && previous
        ? stateDiff(
            { ...previous.state, page: previous.client.path, dialog: previous.client.dialog, editing: previous.client.editing ?? [] },
            { ...moment.state, page: moment.client.path, dialog: moment.client.dialog, editing: moment.client.editing ?? [] },
          ).filter((change) => !change.path.startsWith('log.'))
        : [],
    [moment, previous],
  );

  // Escape leaves the page shown alone.
  useEffect(() => {
    if (!hash.page) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setHash(hash.event, false);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [hash.page, hash.event, setHash]);

  // The footer's links as the shopper's page had them (their configuration, which the log records).
  const links = onScreen?.client.links;
  const linksKey = JSON.stringify(links ?? null);
  const runtime = useMemo(
    () => (replay ? { ...replay.runtime, config: configWithLinks(replay.runtime.config, links) } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [replay, linksKey],
  );
  // The toasts on the shopper's screen at that event; the same ones at the next event stay as they are.
  const toastList = useMemo(() => {
    if (!log || selected < 0) return [];
    const state = log.at(selected).state;
    const location = currentLocation(state, log.context);
    return toastsAt(log, selected, toastWords, (at) => (location && timeRules ? timeRules.pickupSchedule(location.location, at) : null));
  }, [log, selected, toastWords, timeRules]);
  const toastKey = JSON.stringify(toastList.map(({ id, kind, message }) => [id, kind, message]));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const toasts = useMemo(() => toastList, [toastKey]);

  const page =
    runtime && onScreen ? (
      <Storefront runtime={runtime} path={onScreen.client.path ?? '/'} dialog={dialog} editing={editing} toasts={toasts} inline={!hash.page} />
    ) : null;

  const dropTarget = { onDragEnter, onDragOver, onDragLeave, onDrop };
  const cue = dragging ? (
    <p className="support-drop-cue" role="status">
      Drop the log to open it
    </p>
  ) : null;

  if (hash.page && page) {
    // A log dropped on the page shown alone opens too (the browser would otherwise leave the console for the file).
    return (
      <div className="support-page-alone" {...dropTarget}>
        {cue}
        <button type="button" className="support-back visually-hidden" onClick={() => setHash(hash.event, false)}>
          Back to the console
        </button>
        <div data-replay-frame="page" inert>
          {page}
        </div>
      </div>
    );
  }

  return (
    <main className={`support${dragging ? ' is-dragging' : ''}`} {...dropTarget}>
      {cue}
      <header className="support-header">
        <h1>Support console</h1>
        <label className="support-open">
          Open a session log
          <input type="file" accept=".ndjson,.log,.json,application/x-ndjson,text/plain" onChange={onFile} disabled={phase.kind === 'preparing'} />
        </label>
        <p className="support-muted">Or drop the file here. The log stays in this browser: nothing is sent anywhere.</p>
      </header>
      <SharedVisits disabled={phase.kind === 'preparing'} onOpen={openShared} />
      {phase.kind === 'preparing' ? <p role="status">Getting ready…</p> : null}
      {dropNote ? (
        <p className="support-drop-note" role="status">
          {dropNote}
        </p>
      ) : null}
      {phase.kind === 'reading' ? (
        <p role="status">
          Reading {phase.name}…{phase.progress ? ` ${readingProgress(phase.progress)}` : ''}
        </p>
      ) : null}
      {phase.kind === 'invalid' ? (
        <section className="support-problems" role="alert" aria-labelledby="support-problems-title">
          <h2 id="support-problems-title">{phase.name} is not a session log this console can open</h2>
          <ul>
            {phase.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {phase.kind === 'open' && log ? (
        <>
          <LogFacts name={phase.name} log={log} share={phase.share} live={live} liveProblems={liveProblems} />
          <div className="support-grid">
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
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    // Playing from the last event starts again from the first.
                    const at = rows.findIndex((row) => rowHolds(row, selected));
                    if (!playing && at === rows.length - 1 && rows[0]) select(rowIndex(rows[0]));
                    setPlaying(!playing);
                  }}
                >
                  {playing ? 'Pause' : 'Play'}
                </button>
              </div>
              <p className="support-muted">
                {shown.length} of {log.entries.length} events. Arrow keys step through them; Play steps at the shopper’s pace.
              </p>
              <Timeline entries={log.entries} info={log.info} rows={rows} selected={selected} onSelect={select} onOpen={openRow} />
            </section>
            <section className="support-screen" aria-labelledby="support-screen-title">
              <div className="support-screen-bar">
                <h2 id="support-screen-title">
                  {entry ? `What the shopper saw after #${entry.seq}` : 'What the shopper saw'} ({moment?.client.path ?? '/'})
                </h2>
                <button type="button" className="btn" onClick={() => setHash(entry?.seq ?? null, true)}>
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
        </>
      ) : null}
    </main>
  );
}

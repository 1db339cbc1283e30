// The support console (/support): open a shopper's exported session log, or a visit they shared through the support
// inbox, and see what they saw at any event, and why. Loaded on demand, never linked from the shopper's pages, and
// offline: a file is read from the disk, and once a log is open nothing is fetched or sent but the shared visits
// support asks the inbox for and follows (offline.ts). Its parts: the log's files (useLogFiles.ts), the timeline
// (useTimeline.ts), the replayed screen (useReplayedScreen.ts) and the open log's sections (OpenedLog.tsx).
import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import type { ReadingProgress } from '../../runtime/replayRuntime';
import type { ReplayedShop } from './replayedStorefront';
import { LogFacts } from './LogFacts';
import { OpenedLog } from './OpenedLog';
import { askWidthOfTheFrame } from './shopperWidth';
import { keepReplayedDialogsInline } from './offline';
import { SharedVisits } from './SharedVisits';
import { useConsoleLog, type Phase } from './useConsoleLog';
import { useFileDrop, useLogFiles, type FileDrop, type LogFiles } from './useLogFiles';
import { useReplayedScreen } from './useReplayedScreen';
import { useSupportHash } from './useSupportHash';
import { useTimeline, useTimelineChoices } from './useTimeline';
import './support.css';

/** How far a long log's opening is: its events read (and how much of its file), then replayed. */
const readingProgress = ({ events, part, replayed }: ReadingProgress): string =>
  replayed > 0
    ? `${replayed.toLocaleString('en-US')} of ${events.toLocaleString('en-US')} events replayed.`
    : `${events.toLocaleString('en-US')} events read${part === null ? '' : `, ${Math.floor(part * 100)}% of the file`}.`;

export function SupportConsole({ shop }: { readonly shop: ReplayedShop }) {
  const { Storefront, toastWords } = shop;
  const [hash, setHash] = useSupportHash();
  const choices = useTimelineChoices();
  // Support at the last event of a visit that grows follows it; anywhere else, the selection stays put.
  const atLast = useRef(false);
  const pageAlone = useRef(false);
  const { phase, timeRules, openLog, live, liveProblems } = useConsoleLog(shop, {
    // The address names an event of the log it was given with; a log opened after another starts at its own last
    // event, beside the timeline.
    onReplaced: () => {
      setHash(null, false);
      choices.forget();
    },
    onGrow: () => {
      if (atLast.current) setHash(null, pageAlone.current);
    },
  });
  useConsolePage(phase);
  const files = useLogFiles(openLog);
  const drop = useFileDrop(phase.kind === 'preparing', files.open);
  const log = phase.kind === 'open' ? phase.log : null;
  const timeline = useTimeline(log, hash, setHash, choices);
  const { selected } = timeline;
  useEffect(() => {
    // An address naming the last event follows the visit as it grows (no event named follows it already).
    atLast.current = log !== null && hash.event !== null && selected === log.entries.length - 1;
    pageAlone.current = hash.page;
  });
  const screen = useReplayedScreen(phase, selected, toastWords, timeRules);
  useEscapeLeavesPageAlone(hash, setHash);

  const { runtime, onScreen, dialog, editing, toasts } = screen;
  const page =
    runtime && onScreen ? (
      <Storefront runtime={runtime} path={onScreen.client.path ?? '/'} dialog={dialog} editing={editing} toasts={toasts} inline={!hash.page} />
    ) : null;
  const cue = drop.dragging ? (
    <p className="support-drop-cue" role="status">
      Drop the log to open it
    </p>
  ) : null;

  if (hash.page && page) return <PageAlone drop={drop.target} cue={cue} page={page} back={() => setHash(hash.event, false)} />;
  return (
    <main className={`support${drop.dragging ? ' is-dragging' : ''}`} {...drop.target}>
      {cue}
      <ConsoleHeader preparing={phase.kind === 'preparing'} open={files.open} />
      <SharedVisits disabled={phase.kind === 'preparing'} onOpen={files.openShared} />
      {phase.kind === 'preparing' ? <p role="status">Getting ready…</p> : null}
      {files.dropNote ? (
        <p className="support-drop-note" role="status">
          {files.dropNote}
        </p>
      ) : null}
      <PhaseNotes phase={phase} />
      {phase.kind === 'open' && log ? (
        <>
          <LogFacts name={phase.name} log={log} share={phase.share} live={live} liveProblems={liveProblems} />
          <OpenedLog log={log} timeline={timeline} screen={screen} page={page} showPageAlone={() => setHash(screen.entry?.seq ?? null, true)} />
        </>
      ) : null}
    </main>
  );
}

/** The page shown alone; a log dropped on it opens too (the browser would otherwise leave the console for the file). */
function PageAlone({
  drop,
  cue,
  page,
  back,
}: {
  readonly drop: FileDrop['target'];
  readonly cue: ReactNode;
  readonly page: ReactNode;
  readonly back: () => void;
}) {
  return (
    <div className="support-page-alone" {...drop}>
      {cue}
      <button type="button" className="support-back visually-hidden" onClick={back}>
        Back to the console
      </button>
      <div data-replay-frame="page" inert>
        {page}
      </div>
    </div>
  );
}

/** The title and the file input (disabled while the console gets ready: the log would open without the time rules). */
function ConsoleHeader({ preparing, open }: { readonly preparing: boolean; readonly open: LogFiles['open'] }) {
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void open(file);
  };
  return (
    <header className="support-header">
      <h1>Support console</h1>
      <label className="support-open">
        Open a session log
        <input type="file" accept=".ndjson,.log,.json,application/x-ndjson,text/plain" onChange={onFile} disabled={preparing} />
      </label>
      <p className="support-muted">Or drop the file here. The log stays in this browser: nothing is sent anywhere.</p>
    </header>
  );
}

/** The console's title and its dialogs kept inline; once a log is open, the storefront's width rules ask its frame. */
function useConsolePage(phase: Phase): void {
  useEffect(() => {
    document.title = 'Support console';
    keepReplayedDialogsInline();
  }, []);
  // The storefront's styles are all here once a log is open (the pages' code is loaded first): their width rules
  // now ask the replayed page's frame.
  useEffect(() => {
    if (phase.kind === 'open') askWidthOfTheFrame();
  }, [phase.kind]);
}

/** Escape leaves the page shown alone. */
function useEscapeLeavesPageAlone(
  hash: { readonly event: number | null; readonly page: boolean },
  setHash: (event: number | null, page: boolean) => void,
): void {
  useEffect(() => {
    if (!hash.page) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setHash(hash.event, false);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [hash.page, hash.event, setHash]);
}

/** A log being read (how far, once it takes long enough to say), or one the console cannot open, and why. */
function PhaseNotes({ phase }: { readonly phase: Phase }) {
  if (phase.kind === 'reading')
    return (
      <p role="status">
        Reading {phase.name}…{phase.progress ? ` ${readingProgress(phase.progress)}` : ''}
      </p>
    );
  if (phase.kind !== 'invalid') return null;
  return (
    <section className="support-problems" role="alert" aria-labelledby="support-problems-title">
      <h2 id="support-problems-title">{phase.name} is not a session log this console can open</h2>
      <ul>
        {phase.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </section>
  );
}

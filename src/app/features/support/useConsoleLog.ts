// The log the console has open, whichever way it came (a file, or a shared visit from the support inbox), and for a
// shared visit still growing, its following: new events fold onto the open log as the inbox stores them.
import * as E from 'fp-ts/lib/Either.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TimeRules } from '../../../events/timeRules';
import { openSupportLog, replayRuntime, type GrowingLog, type ReadingProgress, type ReplayedRuntime, type SeekableLog } from '../../runtime/replayRuntime';
import { followShare, type FollowStatus } from './followShare';
import { goOffline } from './offline';
import type { ReplayedShop } from './replayedStorefront';

/** A shared visit the console opened: which share, by what code (none when picked from the list), and how to follow. */
export interface OpenedShare {
  readonly shareId: string;
  readonly code: string | null;
  readonly token: string;
  /** The shopper had stopped sharing when it was opened: there is nothing to follow. */
  readonly stopped: boolean;
}

export type Phase =
  | { readonly kind: 'preparing' }
  | { readonly kind: 'ready' }
  /** How far the opening is, once a long log has taken long enough to say. */
  | { readonly kind: 'reading'; readonly name: string; readonly progress?: ReadingProgress }
  | { readonly kind: 'invalid'; readonly name: string; readonly problems: readonly string[] }
  | { readonly kind: 'open'; readonly name: string; readonly log: SeekableLog; readonly replay: ReplayedRuntime; readonly share: OpenedShare | null };

export interface ConsoleLogEvents {
  /** A log was opened after another. */
  readonly onReplaced: () => void;
  /** Events are about to be added to the open log. */
  readonly onGrow: () => void;
}

export interface ConsoleLog {
  readonly phase: Phase;
  /** The time rules the replayed pages use, once loaded. */
  readonly timeRules: TimeRules | null;
  /** Opens a log, a file as it is read or a text received; true when it opened. */
  readonly openLog: (name: string, source: Blob | string, share?: OpenedShare) => Promise<boolean>;
  /** How following the open shared visit goes; null for a file. */
  readonly live: FollowStatus | null;
  /** Lines the inbox sent that the console could not read, by their line after the file's. */
  readonly liveProblems: readonly string[];
}

export function useConsoleLog({ preload, timeRules: loadTimeRules }: Pick<ReplayedShop, 'preload' | 'timeRules'>, events: ConsoleLogEvents): ConsoleLog {
  const [phase, setPhase] = useState<Phase>({ kind: 'preparing' });
  const [live, setLive] = useState<FollowStatus | null>(null);
  const [liveProblems, setLiveProblems] = useState<readonly string[]>([]);
  const timeRules = useRef<TimeRules | null>(null);
  const [rules, setRules] = useState<TimeRules | null>(null);
  const growing = useRef<GrowingLog | null>(null);
  const told = useRef(events);
  useEffect(() => {
    told.current = events;
  });

  useEffect(() => {
    // Everything the replayed pages load on demand is loaded now, before a log is open.
    let current = true;
    void Promise.all([preload(), loadTimeRules()]).then(
      ([, loaded]) => {
        timeRules.current = loaded;
        if (!current) return;
        setRules(loaded);
        setPhase({ kind: 'ready' });
      },
      () => current && setPhase({ kind: 'ready' }),
    );
    return () => {
      current = false;
    };
  }, [preload, loadTimeRules]);

  const openedBefore = useRef(false);
  const openLog = useCallback(async (name: string, source: Blob | string, share: OpenedShare | null = null) => {
    setPhase({ kind: 'reading', name });
    goOffline();
    const opened = await openSupportLog(source, (progress) => setPhase({ kind: 'reading', name, progress }));
    if (E.isLeft(opened)) {
      setPhase({ kind: 'invalid', name, problems: opened.left });
      return false;
    }
    growing.current = opened.right;
    const log = opened.right.log;
    const replay = replayRuntime(log.at(-1).state, log.context, Date.parse(log.header.createdAt), timeRules.current);
    if (openedBefore.current) told.current.onReplaced();
    openedBefore.current = true;
    setLive(share === null ? null : share.stopped ? { kind: 'stopped' } : { kind: 'connecting' });
    setLiveProblems([]);
    setPhase((previous) => {
      if (previous.kind === 'open') previous.replay.stop();
      return { kind: 'open', name, log, replay, share };
    });
    return true;
  }, []);

  const share = phase.kind === 'open' ? phase.share : null;
  useEffect(() => {
    const held = growing.current;
    if (share === null || share.stopped || held === null) return;
    return followShare({
      shareId: share.shareId,
      after: held.log.entries.at(-1)?.seq ?? 0,
      token: share.token,
      onStatus: setLive,
      async onLines(lines) {
        const grown = await held.grow(lines);
        if (grown.problems.length > 0) setLiveProblems((before) => [...before, ...grown.problems]);
        told.current.onGrow();
        setPhase((previous) => (previous.kind === 'open' && previous.share === share ? { ...previous, log: grown.log } : previous));
      },
    });
  }, [share]);

  return { phase, timeRules: rules, openLog, live, liveProblems };
}

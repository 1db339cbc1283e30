// What the console shows of the selected event: the moment the replayed pages render (once the views hold it), its
// dialog, forms and toasts, the footer's links the shopper had, the why, and what the event changed.
import { useEffect, useMemo, useState } from 'react';
import { currentLocation } from '../../../events/context';
import { stateDiff } from '../../../events/selectors/stateDiff';
import type { TimeRules } from '../../../events/timeRules';
import { explain } from '../../../events/selectors/why';
import type { Moment, SeekableLog } from '../../runtime/replayRuntime';
import { configWithLinks } from './footerLinks';
import type { ReplayedDialog, ToastWords } from './replayedStorefront';
import { toastsAt } from './replayedToasts';
import type { Phase } from './useConsoleLog';

/** The selected event as the replayed page shows it. */
export function useReplayedScreen(phase: Phase, selected: number, toastWords: ToastWords, timeRules: TimeRules | null) {
  const log = phase.kind === 'open' ? phase.log : null;
  const replay = phase.kind === 'open' ? phase.replay : null;
  const moment = useMemo(() => (log && selected >= 0 ? log.at(selected) : null), [log, selected]);
  const previous = useMemo(() => (log && selected >= 0 ? log.at(selected - 1) : null), [log, selected]);
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
  const why = useMemo(() => (log && moment ? explain(moment.state, log.context, moment.client) : null), [log, moment]);
  const changes = useMemo(() => (moment && previous ? changesBetween(previous, moment) : []), [moment, previous]);
  // The footer's links as the shopper's page had them (their configuration, which the log records).
  const links = onScreen?.client.links;
  const linksKey = JSON.stringify(links ?? null);
  const runtime = useMemo(
    () => (replay ? { ...replay.runtime, config: configWithLinks(replay.runtime.config, links) } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [replay, linksKey],
  );
  const { dialog, editing } = useSameDialogAndForms(onScreen);
  const toasts = useToasts(log, selected, toastWords, timeRules);
  return { entry, moment, onScreen, dialog, editing, why, changes, runtime, toasts };
}

/** What an event changed: the state with the page, dialog and forms the client recorded, the log's own counts left out. */
function changesBetween(previous: Moment, moment: Moment) {
  return stateDiff(
    { ...previous.state, page: previous.client.path, dialog: previous.client.dialog, editing: previous.client.editing ?? [] },
    { ...moment.state, page: moment.client.path, dialog: moment.client.dialog, editing: moment.client.editing ?? [] },
  ).filter((change) => !change.path.startsWith('log.'));
}

/** The same dialog at two events is the same dialog (it is not opened again); the same forms are the same forms. */
function useSameDialogAndForms(onScreen: Moment | null) {
  const dialogKey = onScreen?.client.dialog ? `${onScreen.client.dialog.kind} ${onScreen.client.dialog.target ?? ''}` : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const dialog: ReplayedDialog | null = useMemo(() => onScreen?.client.dialog ?? null, [dialogKey]);
  const editingKey = (onScreen?.client.editing ?? []).join(' ');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const editing = useMemo(() => onScreen?.client.editing ?? [], [editingKey]);
  return { dialog, editing };
}

/** The toasts on the shopper's screen at that event; the same ones at the next event stay as they are. */
function useToasts(log: SeekableLog | null, selected: number, toastWords: ToastWords, timeRules: TimeRules | null) {
  const toastList = useMemo(() => {
    if (!log || selected < 0) return [];
    const state = log.at(selected).state;
    const location = currentLocation(state, log.context);
    return toastsAt(log, selected, toastWords, (at) => (location && timeRules ? timeRules.pickupSchedule(location.location, at) : null));
  }, [log, selected, toastWords, timeRules]);
  const toastKey = JSON.stringify(toastList.map(({ id, kind, message }) => [id, kind, message]));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => toastList, [toastKey]);
}

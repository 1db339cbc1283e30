// Records what the shopper's browser shows as client events (facts/client.ts): each page, each panel or dialog
// opened and closed, and the configuration the page loaded with (the footer's links, the menu layout), so the support
// console can show the screen they saw. They are not domain facts: no decision, no API call, and nothing of the state
// depends on them. A replayed (read-only) runtime appends nothing; there, the dialog the log says was open is opened
// again (useClientDialog).
import { createContext, useContext, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { EventDataOf } from '../../events/catalogue';
import type { ClientDetails, ClientDialog, ClientEventType } from '../../events/facts/client';
import type { ClientState } from '../../events/reducers/client';
import { useRuntime } from '../runtime/RuntimeContext';
import type { Runtime } from '../runtime/startStorefront';

/** Records a client event through its command; the same function for as long as the runtime is (so effects can depend on it). */
function useAppendClientEvent() {
  const runtime = useRuntime();
  return useMemo(
    () =>
      <T extends ClientEventType>(type: T, data: EventDataOf<T>) =>
        // A lost client event only costs support a screen; it never stops the shopper.
        void runtime.commands.recordClientEvent(type, data),
    [runtime],
  );
}

/** The footer's links in config.json, as the log records them. */
function footerLinks(config: Runtime['config']): EventDataOf<'FooterLinksLoaded'> {
  return {
    clientId: config.ClientId,
    terms: config.TermsUrl ?? null,
    privacy: config.PrivacyUrl ?? null,
    androidApp: config.AndroidAppUrl ?? null,
    appleApp: config.AppleAppUrl ?? null,
  };
}

/** Runtimes whose links and layout are in the log: once per page load, before its first page. */
const linksRecorded = new WeakSet<Runtime>();

/** Records each page the router shows (the path only: a query may hold a reset link's code). */
export function useRecordPage(): void {
  const { pathname } = useLocation();
  const runtime = useRuntime();
  const append = useAppendClientEvent();
  useEffect(() => {
    if (linksRecorded.has(runtime)) return;
    linksRecorded.add(runtime);
    append('FooterLinksLoaded', footerLinks(runtime.config));
    // Only a layout config.json sets: a log without one replays the category pages, as an older log does.
    const layout = runtime.config.MenuLayout;
    if (layout) append('MenuLayoutLoaded', { layout });
    const kind = runtime.config.BusinessKind;
    if (kind) append('BusinessKindLoaded', { kind });
  }, [runtime, append]);
  useEffect(() => {
    append('PageViewed', { path: pathname });
  }, [pathname, append]);
}

/** Records a panel or dialog while it is open: `kind` null means closed. */
export function useRecordDialog(kind: ClientDialog | null, target: string | null): void {
  const append = useAppendClientEvent();
  useEffect(() => {
    if (kind === null) return;
    append('DialogOpened', { dialog: kind, target });
    return () => append('DialogClosed', { dialog: kind });
  }, [kind, target, append]);
}

/** In the support console's replayed pages, the dialog the log says was open; null in the storefront. */
const ReplayedDialogContext = createContext<ClientState['dialog']>(null);
export const ReplayedDialogProvider = ReplayedDialogContext.Provider;

/** The dialog a replay opens (with its target, a step), when it is `kind`; null otherwise and in the storefront. */
export function useReplayedDialog(kind: ClientDialog): ClientState['dialog'] {
  const replayed = useContext(ReplayedDialogContext);
  return replayed?.kind === kind ? replayed : null;
}

/**
 * For a dialog a page opens itself (the tip dialog, the verification modal, the account menu): records it while
 * `open`, and returns whether to show it, which in the support console is where the log says it was open.
 */
export function useClientDialog(kind: ClientDialog, open: boolean, target: string | null = null): boolean {
  useRecordDialog(open ? kind : null, target);
  return useReplayedDialog(kind) !== null || open;
}

/** In the support console's replayed pages, the saved details the log says were shown as their form; none in the storefront. */
const ReplayedEditingContext = createContext<readonly ClientDetails[]>([]);
export const ReplayedEditingProvider = ReplayedEditingContext.Provider;

/**
 * For saved details whose form 'Change it' opens again (the curbside vehicle): records the form while `editing`, and
 * returns whether it is shown, which in the support console is where the log says it was.
 */
export function useClientDetailsForm(details: ClientDetails, editing: boolean): boolean {
  const append = useAppendClientEvent();
  useEffect(() => {
    if (!editing) return;
    append('DetailsEditing', { details, editing: true });
    return () => append('DetailsEditing', { details, editing: false });
  }, [details, editing, append]);
  return useContext(ReplayedEditingContext).includes(details) || editing;
}

// The shopper's real pages, as the support console shows them at an event: the same layout, pages, panels and
// dialogs, in a memory router at the page the log recorded, over a read-only runtime (replayRuntime.ts). Nothing here
// appends or calls the API; the panel or dialog the log says was open is opened as the shopper's was, and the toasts
// of that moment are shown on a toaster of the console's own (no timer dismisses them: the moment does not pass).
import { Suspense, useEffect, type ComponentType } from 'react';
import toast from 'react-hot-toast';
import { MemoryRouter, Routes, Route } from 'react-router-dom';
import { addedMessage } from '../features/catalog/useAddToBag';
import { chosenMessage } from '../features/location/LocationChooser';
import type { ReplayedDialog, ReplayedStorefrontProps, ReplayedToastView, ToastWords } from '../features/support/replayedStorefront';
import { VerificationModal } from '../features/account/VerificationModal';
import { Layout } from '../layout/Layout';
import { RuntimeProvider } from '../runtime/RuntimeContext';
import { ItemPanelProvider, useItemPanel } from '../shell/ItemPanelContext';
import { LocationChooserProvider, useLocationChooser } from '../shell/LocationChooserContext';
import { raiseToast } from '../shell/notify';
import { ThemeFromCatalog } from '../shell/ThemeFromCatalog';
import { ToastLayer } from '../shell/ToastLayer';
import { ReplayedDialogProvider, ReplayedEditingProvider } from '../shell/useClientEvents';
import type { ClientDetails } from '../../events/facts/client';
import { ItemPanel, locationChooser, PAGES_ON_DEMAND } from './lazyParts';
import { everyPart, PAGES } from './parts';
import { PartsProviders } from './PartsProviders';
import { shopperRoutes } from './routes';

/** Every page is in before a log opens (preloadReplayedPages): each shows at once, as it was at that moment. */
const atOnce = (Page: ComponentType) => (
  <Suspense fallback={null}>
    <Page />
  </Suspense>
);

/**
 * The address the replay opens at. The log keeps a page's path only (a query may hold a reset link's code), and the
 * password reset page without its link's email sends the shopper to ask for a new link: the replay gives it the
 * redacted email's placeholder, so support sees the form the shopper saw, its code field empty.
 */
export function replayedAddress(path: string): string {
  return path === PAGES.resetPassword.path ? `${path}?email=${encodeURIComponent('shopper1@example.invalid')}` : path;
}

export const PAGE_TOAST_WORDS: ToastWords = { added: addedMessage, chosen: chosenMessage };

/** The console's toaster: apart from the notifier's, so nothing else shows there. */
const REPLAY_TOASTER = 'support-replay';

/**
 * Loads, before a log is opened, every part the manifest names (the pages, the panel, the chooser and its map, the
 * footer, the account menu, the open state, the toasts, the phone rules, the quick add, the order placement and the
 * ZIP tables): once a log is open the console fetches nothing.
 */
export function preloadReplayedPages(): Promise<unknown> {
  return Promise.all([
    ...everyPart().flatMap(([, part]) => (part.live ? [] : [part.load()])),
    ...Object.values(PAGES_ON_DEMAND).map((page) => page.load()),
    // Through its loader too, so the chooser opens in the frame it is asked for, not one render later.
    locationChooser.load(),
  ]);
}

/**
 * Opens the dialog that was open at that moment, as the shopper's gesture did: the item panel and the chooser through
 * their contexts; the tip dialog and the account menu open themselves from ReplayedDialogProvider (useClientDialog);
 * the verification modal, which the storefront shows from its account watch, is shown here.
 */
function OpenDialog({ dialog }: { readonly dialog: ReplayedDialog | null }) {
  const panel = useItemPanel();
  const chooser = useLocationChooser();
  useEffect(() => {
    if (dialog?.kind === 'item' && dialog.target) panel.openItem(dialog.target);
    else if (dialog?.kind === 'line' && dialog.target) panel.editLine(dialog.target);
    else if (dialog?.kind === 'location') chooser.open();
  }, [dialog, panel, chooser]);
  return dialog?.kind === 'verification' ? <VerificationModal /> : null;
}

/** Counts the sets of toasts shown, for their ids. */
let toastSets = 0;

/** Shows exactly these toasts on the console's toaster, as the notifier shows them, for as long as they are given. */
function ReplayedToasts({ toasts, inline }: { readonly toasts: readonly ReplayedToastView[]; readonly inline: boolean }) {
  useEffect(() => {
    // Each set of toasts gets ids of its own: the toaster measures a toast once, when its id first renders, and a
    // toast removed and raised again under the same id would stay unmeasured (and unseen).
    const set = ++toastSets;
    // Oldest first, so the newest is on top, as the shopper's notifier stacks them.
    for (const shown of [...toasts].reverse())
      raiseToast(toast, shown.kind, shown.message, { id: `${shown.id}#${set}`, toasterId: REPLAY_TOASTER, duration: Infinity });
    return () => toast.remove(undefined, REPLAY_TOASTER);
  }, [toasts]);
  return <ToastLayer toasterId={REPLAY_TOASTER} inline={inline} />;
}

const NO_FORMS: readonly ClientDetails[] = [];

export function ReplayedStorefront({ runtime, path, dialog, editing = NO_FORMS, toasts = [], inline = false }: ReplayedStorefrontProps) {
  return (
    <RuntimeProvider runtime={runtime}>
      {/* A new page, dialog or reopened form starts afresh, as the shopper's did ('Change it' shows the saved details). */}
      <MemoryRouter key={`${path} ${dialog?.kind ?? ''} ${dialog?.target ?? ''} ${editing.join(' ')}`} initialEntries={[replayedAddress(path)]}>
        <PartsProviders>
          <LocationChooserProvider Chooser={locationChooser.Part}>
            <ItemPanelProvider Panel={ItemPanel}>
              <ReplayedDialogProvider value={dialog}>
                <ReplayedEditingProvider value={editing}>
                  <ThemeFromCatalog />
                  <OpenDialog dialog={dialog} />
                  <ReplayedToasts toasts={toasts} inline={inline} />
                  <Routes>
                    <Route element={<Layout />}>{shopperRoutes(atOnce)}</Route>
                  </Routes>
                </ReplayedEditingProvider>
              </ReplayedDialogProvider>
            </ItemPanelProvider>
          </LocationChooserProvider>
        </PartsProviders>
      </MemoryRouter>
    </RuntimeProvider>
  );
}

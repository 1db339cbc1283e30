// The shopper's real pages, as the support console shows them at an event: the same layout, pages, panels and
// dialogs, in a memory router at the page the log recorded, over a read-only runtime (replayRuntime.ts). Nothing here
// appends or calls the API; the panel or dialog the log says was open is opened as the shopper's was, and the toasts
// of that moment are shown on a toaster of the console's own (no timer dismisses them: the moment does not pass).
import { useEffect, type ComponentType } from 'react';
import toast from 'react-hot-toast';
import { MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AboutPage } from '../features/about/AboutPage';
import { ForgotPasswordPage } from '../features/account/ForgotPasswordPage';
import { ProfilePage } from '../features/account/ProfilePage';
import { ResetPasswordPage } from '../features/account/ResetPasswordPage';
import { SignInPage } from '../features/account/SignInPage';
import { SignUpPage } from '../features/account/SignUpPage';
import { VerificationModal } from '../features/account/VerificationModal';
import { AddressesPage } from '../features/addresses/AddressesPage';
import { BagPage } from '../features/bag/BagPage';
import { CategoryPage } from '../features/catalog/CategoryPage';
import { FavoritesPage } from '../features/catalog/FavoritesPage';
import { CheckoutPage } from '../features/checkout/CheckoutPage';
import { ConfirmationPage } from '../features/confirmation/ConfirmationPage';
import { HomePage } from '../features/home/HomePage';
import { addedMessage } from '../features/catalog/useAddToBag';
import { chosenMessage } from '../features/location/LocationChooser';
import { CouponsPage } from '../features/loyalty/CouponsPage';
import { RewardsPage } from '../features/loyalty/RewardsPage';
import { OrderHistoryPage } from '../features/orders/OrderHistoryPage';
import { CardsPage } from '../features/wallet/CardsPage';
import { Layout } from '../layout/Layout';
import { RuntimeProvider } from '../runtime/RuntimeContext';
import type { Runtime } from '../runtime/startStorefront';
import { ItemPanelProvider, useItemPanel } from './ItemPanelContext';
import { LocationChooserProvider, locationChooser, useLocationChooser } from './LocationChooserContext';
import { raiseToast, type ToastKind } from './notify';
import { SHOPPER_PAGES, shopperPages, type ShopperPage } from './routes';
import { ThemeFromCatalog } from './ThemeFromCatalog';
import { ToastLayer } from './ToastLayer';
import { ReplayedDialogProvider, ReplayedEditingProvider } from './useClientEvents';
import type { ClientDetails } from '../../events/facts/client';
import type { ClientState } from '../../events/reducers/client';

/** The shopper's pages, imported with the console (it fetches nothing once a log is open). */
const REPLAYED_PAGES: Readonly<Record<ShopperPage, ComponentType>> = {
  home: HomePage,
  category: CategoryPage,
  bag: BagPage,
  checkout: CheckoutPage,
  confirmation: ConfirmationPage,
  about: AboutPage,
  signIn: SignInPage,
  signUp: SignUpPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  profile: ProfilePage,
  orderHistory: OrderHistoryPage,
  favorites: FavoritesPage,
  cards: CardsPage,
  coupons: CouponsPage,
  rewards: RewardsPage,
  addresses: AddressesPage,
};

/**
 * The address the replay opens at. The log keeps a page's path only (a query may hold a reset link's code), and the
 * password reset page without its link's email sends the shopper to ask for a new link: the replay gives it the
 * redacted email's placeholder, so support sees the form the shopper saw, its code field empty.
 */
export function replayedAddress(path: string): string {
  return path === SHOPPER_PAGES.resetPassword.path ? `${path}?email=${encodeURIComponent('shopper1@example.invalid')}` : path;
}

/** The panel or dialog open at that moment (its kind and target, from the log's client events). */
export type ReplayedDialog = NonNullable<ClientState['dialog']>;

/** A toast on the shopper's screen at that moment. */
export interface ReplayedToastView {
  readonly id: string;
  readonly kind: ToastKind;
  readonly message: string;
}

/** The words of the pages' toasts a replay needs to say again (they live with the pages that toast them). */
export interface ToastWords {
  readonly added: (itemName: string) => string;
  readonly chosen: (locationName: string) => string;
}

export const PAGE_TOAST_WORDS: ToastWords = { added: addedMessage, chosen: chosenMessage };

/** The console's toaster: apart from the notifier's, so nothing else shows there. */
const REPLAY_TOASTER = 'support-replay';

/**
 * Loads, before a log is opened, the code the pages fetch on demand (the panel, the chooser and its map, the footer,
 * the account menu, the open state, the toasts, the phone rules, the ZIP table the chooser and the billing form
 * read, the quick add, the order placement and its errors): once a log is open the console fetches nothing. A part a
 * page makes lazy later belongs here too: tests/app/replayPreload.test.ts walks the pages' imports and says which.
 */
export function preloadReplayedPages(): Promise<unknown> {
  return Promise.all([
    import('../components/OpenStatus'),
    import('../features/item/ItemPanel'),
    import('../features/location/LocationChooser'),
    // Through its loader too, so the chooser opens in the frame it is asked for, not one render later.
    locationChooser.load(),
    import('../features/location/LocationMap'),
    import('../features/location/baseMap'),
    import('./MenuSections'),
    import('../features/account/AccountMenu'),
    import('../features/account/VerificationModal'),
    import('../layout/Footer'),
    import('./ToastLayer'),
    import('../../domain/phone'),
    import('../../data/zipCentroids'),
    import('../../data/zipCities'),
    import('../../domain/items/quickAdd'),
    import('../runtime/sessionLog'),
    import('../../commands/placeOrder'),
    import('../../domain/orders/orderErrors'),
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

export interface ReplayedStorefrontProps {
  readonly runtime: Runtime;
  readonly path: string;
  readonly dialog: ReplayedDialog | null;
  /** Saved details shown as their form again at that moment ('Change it'). */
  readonly editing?: readonly ClientDetails[];
  /** The toasts on screen at that moment, newest first. */
  readonly toasts?: readonly ReplayedToastView[];
  /** Beside the console's timeline (dialogs and toasts stay in the frame) rather than alone in the window. */
  readonly inline?: boolean;
}

const NO_FORMS: readonly ClientDetails[] = [];

export function ReplayedStorefront({ runtime, path, dialog, editing = NO_FORMS, toasts = [], inline = false }: ReplayedStorefrontProps) {
  return (
    <RuntimeProvider runtime={runtime}>
      {/* A new page, dialog or reopened form starts afresh, as the shopper's did ('Change it' shows the saved details). */}
      <MemoryRouter key={`${path} ${dialog?.kind ?? ''} ${dialog?.target ?? ''} ${editing.join(' ')}`} initialEntries={[replayedAddress(path)]}>
        <LocationChooserProvider>
          <ItemPanelProvider>
            <ReplayedDialogProvider value={dialog}>
              <ReplayedEditingProvider value={editing}>
                <ThemeFromCatalog />
                <OpenDialog dialog={dialog} />
                <ReplayedToasts toasts={toasts} inline={inline} />
                <Routes>
                  <Route element={<Layout />}>
                    {shopperPages().map(([name, { path: pattern }]) => {
                      const Page = REPLAYED_PAGES[name];
                      return <Route key={name} path={pattern} element={<Page />} />;
                    })}
                    <Route path="*" element={<Navigate to="/" replace />} />
                  </Route>
                </Routes>
              </ReplayedEditingProvider>
            </ReplayedDialogProvider>
          </ItemPanelProvider>
        </LocationChooserProvider>
      </MemoryRouter>
    </RuntimeProvider>
  );
}

// The shopper's real pages, as the support console shows them at an event: the same layout, pages, item panel and
// location chooser, in a memory router at the page the log recorded, over a read-only runtime (replayRuntime.ts).
// Nothing here appends or calls the API; the panel or dialog the log says was open is opened as the shopper's was.
import { useEffect } from 'react';
import { MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AboutPage } from '../features/about/AboutPage';
import { ProfilePage } from '../features/account/ProfilePage';
import { SignInPage } from '../features/account/SignInPage';
import { SignUpPage } from '../features/account/SignUpPage';
import { BagPage } from '../features/bag/BagPage';
import { CategoryPage } from '../features/catalog/CategoryPage';
import { FavoritesPage } from '../features/catalog/FavoritesPage';
import { CheckoutPage } from '../features/checkout/CheckoutPage';
import { ConfirmationPage } from '../features/confirmation/ConfirmationPage';
import { HomePage } from '../features/home/HomePage';
import { CouponsPage } from '../features/loyalty/CouponsPage';
import { RewardsPage } from '../features/loyalty/RewardsPage';
import { OrderHistoryPage } from '../features/orders/OrderHistoryPage';
import { CardsPage } from '../features/wallet/CardsPage';
import { Layout } from '../layout/Layout';
import { RuntimeProvider } from '../runtime/RuntimeContext';
import type { Runtime } from '../runtime/startStorefront';
import { ItemPanelProvider, useItemPanel } from './ItemPanelContext';
import { LocationChooserProvider, useLocationChooser } from './LocationChooserContext';
import { ThemeFromCatalog } from './ThemeFromCatalog';

export interface ReplayedDialog {
  readonly kind: 'item' | 'line' | 'location';
  readonly target: string | null;
}

/**
 * Loads, before a log is opened, the code the pages fetch on demand (the panel, the chooser and its map, the footer,
 * the account menu, the open state, the toasts, the phone rules, the order placement and its errors): once a log is
 * open the console fetches nothing. A part a page makes lazy later belongs here too (the browser test counts requests).
 */
export function preloadReplayedPages(): Promise<unknown> {
  return Promise.all([
    import('../components/OpenStatus'),
    import('../features/item/ItemPanel'),
    import('../features/location/LocationChooser'),
    import('../features/location/LocationMap'),
    import('../features/location/baseMap'),
    import('../features/account/AccountMenu'),
    import('../features/account/VerificationModal'),
    import('../layout/Footer'),
    import('./ToastLayer'),
    import('../../domain/phone'),
    import('../runtime/sessionLog'),
    import('../../commands/placeOrder'),
    import('../../domain/orders/orderErrors'),
  ]);
}

/** Opens the dialog that was open at that moment, as the shopper's gesture did. */
function OpenDialog({ dialog }: { readonly dialog: ReplayedDialog | null }) {
  const panel = useItemPanel();
  const chooser = useLocationChooser();
  useEffect(() => {
    if (dialog?.kind === 'item' && dialog.target) panel.openItem(dialog.target);
    else if (dialog?.kind === 'line' && dialog.target) panel.editLine(dialog.target);
    else if (dialog?.kind === 'location') chooser.open();
  }, [dialog, panel, chooser]);
  return null;
}

export function ReplayedStorefront({ runtime, path, dialog }: { readonly runtime: Runtime; readonly path: string; readonly dialog: ReplayedDialog | null }) {
  return (
    <RuntimeProvider runtime={runtime}>
      {/* A new page or dialog starts afresh, as the shopper's did. */}
      <MemoryRouter key={`${path} ${dialog?.kind ?? ''} ${dialog?.target ?? ''}`} initialEntries={[path]}>
        <LocationChooserProvider>
          <ItemPanelProvider>
            <ThemeFromCatalog />
            <OpenDialog dialog={dialog} />
            <Routes>
              <Route element={<Layout />}>
                <Route path="/" element={<HomePage />} />
                <Route path="/categories/:categoryId" element={<CategoryPage />} />
                <Route path="/cart" element={<BagPage />} />
                <Route path="/checkout" element={<CheckoutPage />} />
                <Route path="/order-confirmation/:orderId" element={<ConfirmationPage />} />
                <Route path="/about" element={<AboutPage />} />
                <Route path="/sign-in" element={<SignInPage />} />
                <Route path="/sign-up" element={<SignUpPage />} />
                <Route path="/my-account" element={<ProfilePage />} />
                <Route path="/my-orders" element={<OrderHistoryPage />} />
                <Route path="/favorites" element={<FavoritesPage />} />
                <Route path="/my-cards" element={<CardsPage />} />
                <Route path="/my-coupons" element={<CouponsPage />} />
                <Route path="/my-rewards" element={<RewardsPage />} />
                <Route path="*" element={<Navigate to="/" replace />} />
              </Route>
            </Routes>
          </ItemPanelProvider>
        </LocationChooserProvider>
      </MemoryRouter>
    </RuntimeProvider>
  );
}

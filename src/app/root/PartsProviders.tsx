// The manifest's parts handed to the layers below the root, which show them without naming a module: the shared
// ones (the open state, the phone rules), the menu's, the chooser's, My Cards' and checkout's. The storefront and the
// console's replay of it provide the same.
import type { ReactNode } from 'react';
import { CatalogPartsProvider, type CatalogParts } from '../features/catalog/catalogParts';
import { CheckoutPartsProvider, type CheckoutParts } from '../features/checkout/checkoutParts';
import { LocationPartsProvider, type LocationParts } from '../features/location/locationParts';
import { WalletPartsProvider, type WalletParts } from '../features/wallet/walletParts';
import { SharedPartsProvider, type SharedParts } from '../shell/sharedParts';
import { fetchedAsShown, fetchingAsShown } from './fetchingAsShown';
import { AddCard, baseMap, checkoutForm, LocationMap, MenuSections, OpenStatus, phone, quickAdd } from './lazyParts';
import { PAGES } from './parts';

const SHARED: SharedParts = { OpenStatus, phone };
const CATALOG: CatalogParts = { MenuSections, quickAdd };
const LOCATION: LocationParts = { LocationMap, baseMap };
const WALLET: WalletParts = { AddCard };
// The form fetches, as it shows, what checkout's entry names (the placement, the confirmation page): an empty bag's
// checkout fetches none of the order's code.
const CHECKOUT: CheckoutParts = { CheckoutForm: fetchingAsShown(checkoutForm.Part, fetchedAsShown(PAGES.checkout)) };

export function PartsProviders({ children }: { readonly children: ReactNode }) {
  return (
    <SharedPartsProvider value={SHARED}>
      <CatalogPartsProvider value={CATALOG}>
        <LocationPartsProvider value={LOCATION}>
          <WalletPartsProvider value={WALLET}>
            <CheckoutPartsProvider value={CHECKOUT}>{children}</CheckoutPartsProvider>
          </WalletPartsProvider>
        </LocationPartsProvider>
      </CatalogPartsProvider>
    </SharedPartsProvider>
  );
}

// The manifest's parts handed to the layers below the root, which show them without naming a module: the shared
// ones (the open state, the phone rules), the menu's, the chooser's and My Cards'. The storefront and the console's replay of it
// provide the same.
import type { ReactNode } from 'react';
import { CatalogPartsProvider, type CatalogParts } from '../features/catalog/catalogParts';
import { LocationPartsProvider, type LocationParts } from '../features/location/locationParts';
import { WalletPartsProvider, type WalletParts } from '../features/wallet/walletParts';
import { SharedPartsProvider, type SharedParts } from '../shell/sharedParts';
import { AddCard, baseMap, LocationMap, MenuSections, OpenStatus, phone, quickAdd } from './lazyParts';

const SHARED: SharedParts = { OpenStatus, phone };
const CATALOG: CatalogParts = { MenuSections, quickAdd };
const LOCATION: LocationParts = { LocationMap, baseMap };
const WALLET: WalletParts = { AddCard };

export function PartsProviders({ children }: { readonly children: ReactNode }) {
  return (
    <SharedPartsProvider value={SHARED}>
      <CatalogPartsProvider value={CATALOG}>
        <LocationPartsProvider value={LOCATION}>
          <WalletPartsProvider value={WALLET}>{children}</WalletPartsProvider>
        </LocationPartsProvider>
      </CatalogPartsProvider>
    </SharedPartsProvider>
  );
}

// The manifest's parts (parts.ts) as the app shows and uses them: components that render once their code is in, and
// modules fetched once. The pages, the frame and the providers take them from here; nothing else loads a part.
import { lazy, type ComponentType } from 'react';
import type { LazyCommandGroups } from '../../commands/lazyGroups';
import type { CommandRules } from '../../commands/services';
import { lazyModule } from '../../store/lazyModule';
import { pageOnDemand, partOnDemand, type PageOnDemand } from './onDemand';
import { PAGES, PARTS, type PageName, type PartName } from './parts';
import { whenOnline } from '../runtime/whenOnline';

/** The pages that load on demand (every page but the first page's own). */
export type PageLoadedOnDemand = { [K in PageName]: (typeof PAGES)[K] extends { readonly part: object } ? K : never }[PageName];

export const PAGES_ON_DEMAND = Object.fromEntries(
  (Object.keys(PAGES) as PageName[]).flatMap((name) => {
    const part = PAGES[name] as { readonly part?: { readonly load: () => Promise<unknown>; readonly pick: (module: never) => ComponentType } };
    return part.part ? [[name, pageOnDemand(part.part.load, part.part.pick as (module: unknown) => ComponentType)]] : [];
  }),
) as Readonly<Record<PageLoadedOnDemand, PageOnDemand>>;

// The first page's later parts, each shown once its code is in (nothing stands in for it meanwhile; offline, until the
// network is back: whenOnline.ts).
export const ItemPanel = lazy(async () => ({ default: (await whenOnline(PARTS.itemPanel.load)).ItemPanel }));
/** Shown as soon as its code is in (index.html has usually asked for it already): on a chain's first visit it holds the page's first words. */
export const locationChooser = partOnDemand(PARTS.locationChooser.load, (module) => module.LocationChooser);
export const LocationMap = lazy(() => whenOnline(PARTS.locationMap.load));
export const Footer = lazy(async () => ({ default: (await whenOnline(PARTS.footer.load)).Footer }));
export const ToastLayer = lazy(async () => ({ default: (await whenOnline(PARTS.toastLayer.load)).ToastLayer }));
/** For a shopper with orders only: it loads when there is one. */
export const ProgressWatch = lazy(async () => ({ default: (await whenOnline(PARTS.progressWatch.load)).ProgressWatch }));
export const OpenStatus = lazy(() => whenOnline(PARTS.openStatus.load));
export const MenuSections = lazy(async () => ({ default: (await whenOnline(PARTS.menuSections.load)).MenuSections }));
/** For signed-in shoppers only: it loads when one is. */
export const AccountMenu = lazy(async () => ({ default: (await whenOnline(PARTS.accountMenu.load)).AccountMenu }));
export const VerificationModal = lazy(async () => ({ default: (await whenOnline(PARTS.verification.load)).VerificationModal }));
export const AddCard = lazy(async () => ({ default: (await whenOnline(PARTS.addCard.load)).AddCard }));
/** Checkout's form: shown at once when its code is in (prefetched, or asked for by index.html with the page). */
export const checkoutForm = partOnDemand(PARTS.checkoutForm.load, (module) => module.CheckoutForm);
/** The parts shown with no Suspense, by name: fetched ahead through their own loader, so each shows in the frame it is wanted. */
export const PARTS_SHOWN_AT_ONCE: Partial<Record<PartName, () => Promise<unknown>>> = {
  locationChooser: locationChooser.load,
  checkoutForm: checkoutForm.load,
};
/** The runtime's visit sharing (its code), made by the runtime when first wanted. */
export const visitSharing = lazyModule(PARTS.visitSharing.load);
/** The dialog and the sharing it shows come together: the dialog opens on the sharing made at once. */
export const ShareVisitDialog = lazy(async () => {
  const [dialog] = await Promise.all([whenOnline(PARTS.shareVisit.load), whenOnline(visitSharing.load)]);
  return { default: dialog.ShareVisitDialog };
});

// The rule bundles and other modules, each fetched once (again after a failure).
export const quickAdd = lazyModule(PARTS.quickAdd.load);
export const phone = lazyModule(PARTS.phone.load);
export const sessionLog = lazyModule(PARTS.sessionLog.load);
export const baseMap = lazyModule(PARTS.baseMap.load);
export const inventoryHub = lazyModule(PARTS.inventoryHub.load);
export const cardTokenizer = lazyModule(PARTS.cardTokenizer.load);
export const timeRules = lazyModule(PARTS.timeRules.load);
/**
 * The rule bundles the commands await before they decide, each fetched once (src/commands/services.ts); like the
 * command groups below, a tap that needs one offline waits for the network rather than failing.
 */
export const commandRules: CommandRules = {
  time: timeRules,
  placement: lazyModule(() => whenOnline(PARTS.placement.load)),
  details: lazyModule(() => whenOnline(PARTS.checkoutDetails.load)),
  reorder: lazyModule(() => whenOnline(PARTS.reorderRules.load)),
};
export const offlineWorker = lazyModule(PARTS.offlineWorker.load);
/**
 * The command groups loaded with their first call, each with its turn (src/commands/lazyGroups.ts). Offline, a call
 * whose group never loaded waits for the network ('Not now' on a first visit's curbside prompt was a failed tap).
 */
const group = <M,>(part: { readonly load: () => Promise<M>; readonly commands: 'first' | 'byName' }) => ({
  load: () => whenOnline(part.load),
  turn: part.commands,
});
export const commandGroups: LazyCommandGroups = {
  account: group(PARTS.accountCommands),
  favorites: group(PARTS.favoriteCommands),
  curbside: group(PARTS.curbsideCommands),
  loyalty: group(PARTS.loyaltyCommands),
  giftCards: group(PARTS.giftCardCommands),
  delivery: group(PARTS.deliveryCommands),
  progress: group(PARTS.progressCommands),
};

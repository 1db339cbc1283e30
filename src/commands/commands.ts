// Every command of the storefront in one table: pages, tests and scripts call the same ones. Each group names its
// commands; a name defined by two groups is an error when the table is made, never one silently replacing the other.
import { accountCommands } from './account';
import { checkoutCommands } from './checkout';
import { lazyGroup } from './lazyGroup';
import { serialQueue, type CommandServices } from './services';

type FavoriteCommands = ReturnType<typeof import('./favorites').favoriteCommands>;
type CurbsideCommands = ReturnType<typeof import('./curbside').curbsideCommands>;
type LoyaltyCommands = ReturnType<typeof import('./loyalty').loyaltyCommands>;
type GiftCardCommands = ReturnType<typeof import('./giftCards').giftCardCommands>;
type DeliveryCommands = ReturnType<typeof import('./delivery').deliveryCommands>;

export const FAVORITE_COMMANDS: readonly (keyof FavoriteCommands)[] = ['toggleFavorite'];
export const CURBSIDE_COMMANDS: readonly (keyof CurbsideCommands)[] = ['announceArrival', 'dismissArrivalPrompt'];
export const LOYALTY_COMMANDS: readonly (keyof LoyaltyCommands)[] = ['loadLoyaltyStatus', 'enrollInLoyalty', 'resendLoyaltyCode', 'verifyLoyalty'];
export const GIFT_CARD_COMMANDS: readonly (keyof GiftCardCommands)[] = [
  'loadGiftCards',
  'checkGiftCardBalance',
  'addGiftCard',
  'reloadGiftCard',
  'removeGiftCard',
];
export const DELIVERY_COMMANDS: readonly (keyof DeliveryCommands)[] = [
  'loadAddresses',
  'validateDeliveryAddress',
  'saveDeliveryAddress',
  'deleteDeliveryAddress',
  'selectDeliveryAddress',
  'quoteDelivery',
];
import { sessionCommands } from './session';
import { shoppingCommands } from './shopping';

type Intersect<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Joins groups of commands into one table, refusing a name that two groups define. */
export function commandTable<G extends Record<string, object>>(groups: G): Intersect<G[keyof G]> {
  const table: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const [group, commands] of Object.entries(groups)) {
    for (const [name, command] of Object.entries(commands)) {
      const first = owner.get(name);
      if (first !== undefined) throw new Error(`The command "${name}" is defined twice: by ${first} and by ${group}.`);
      owner.set(name, group);
      table[name] = command;
    }
  }
  return table as Intersect<G[keyof G]>;
}

export function createCommands(services: CommandServices) {
  // One queue for all: a decision always sees the events of the command before it, whichever group that was.
  const serially = serialQueue();
  const shopping = shoppingCommands(services, serially);
  const session = sessionCommands(services, serially);
  // After a sign-in, the catalog and the loyalty status load beside the account (account-and-session.md section 4).
  const alsoLoad = () => Promise.all([shopping.loadCatalog(), session.loadLoyaltyAvailability()]);
  return commandTable({
    shopping,
    checkout: checkoutCommands(services, serially),
    session,
    account: accountCommands(services, serially, alsoLoad),
    favorites: lazyGroup(async () => (await import('./favorites')).favoriteCommands(services, serially), FAVORITE_COMMANDS),
    // The favorites' and the account's pages' commands load with the first call (see lazyGroup.ts).
    curbside: lazyGroup(async () => (await import('./curbside')).curbsideCommands(services, serially), CURBSIDE_COMMANDS),
    loyalty: lazyGroup(async () => (await import('./loyalty')).loyaltyCommands(services, serially), LOYALTY_COMMANDS),
    giftCards: lazyGroup(async () => (await import('./giftCards')).giftCardCommands(services, serially), GIFT_CARD_COMMANDS),
    delivery: lazyGroup(async () => (await import('./delivery')).deliveryCommands(services, serially), DELIVERY_COMMANDS),
  });
}

export type Commands = ReturnType<typeof createCommands>;

// Every command of the storefront in one table: pages, tests and scripts call the same ones. A name defined by two
// groups is an error when the table is made (or, for the groups loaded on demand, when they load), never one silently
// replacing the other.
import { checkoutCommands } from './checkout';
import { clientCommands } from './client';
import { commandTable } from './commandTable';
import { lazyCommandGroups, withLazyGroups, type LazyCommandGroups, type LazyCommands } from './lazyGroups';
import { serialQueue, type CommandServices } from './services';
import { sessionCommands } from './session';
import { shoppingCommands } from './shopping';

/**
 * The storefront's commands: the groups the first page uses, and behind them the groups whose code loads with their
 * first call (lazyGroups.ts), from where `groups` says.
 */
export function createCommands(services: CommandServices, groups: LazyCommandGroups) {
  // One queue for all: a decision always sees the events of the command before it, whichever group that was.
  const serially = serialQueue();
  const shopping = shoppingCommands(services, serially);
  const session = sessionCommands(services, serially);
  // After a sign-in, the catalog and the loyalty status load beside the account (account-and-session.md section 4).
  const alsoLoad = () => Promise.all([shopping.loadCatalog(), session.loadLoyaltyAvailability()]);
  const table = commandTable({
    shopping,
    checkout: checkoutCommands(services, serially),
    session,
    client: clientCommands(services),
  });
  return withLazyGroups<typeof table & LazyCommands>(table, lazyCommandGroups(groups, services, serially, alsoLoad));
}

export type Commands = ReturnType<typeof createCommands>;

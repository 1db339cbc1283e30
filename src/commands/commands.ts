// Every command of the storefront in one object: pages, tests and scripts call the same ones.
import { checkoutCommands } from './checkout';
import { serialQueue, type CommandServices } from './services';
import { sessionCommands } from './session';
import { shoppingCommands } from './shopping';

export function createCommands(services: CommandServices) {
  const serially = serialQueue();
  return { ...shoppingCommands(services, serially), ...checkoutCommands(services, serially), ...sessionCommands(services, serially) };
}

export type Commands = ReturnType<typeof createCommands>;

// The command groups whose code loads with their first call, so the first page does not carry them: the account
// (sign-in, sign-up, codes, the profile, logout), favorites, the account's gift cards, loyalty, curbside, delivery and
// the order's progress. Where their code comes from is the app's to say (its manifest
// of on-demand parts, src/app/root/parts.ts, names the modules); the tests hand over the modules themselves.
// Their commands are listed nowhere: a name the table lacks is looked up in these groups, which are fetched together
// on the first such call (they are small, and one round trip brings them all).
import { commandTable } from './commandTable';
import type { CommandServices, serialQueue } from './services';

/** Each group's module, as its loader gives it. */
export interface LazyCommandModules {
  readonly account: typeof import('./account');
  readonly favorites: typeof import('./favorites');
  readonly curbside: typeof import('./curbside');
  readonly loyalty: typeof import('./loyalty');
  readonly giftCards: typeof import('./giftCards');
  readonly delivery: typeof import('./delivery');
  readonly progress: typeof import('./progress');
}

export type LazyCommandGroups = { readonly [K in keyof LazyCommandModules]: () => Promise<LazyCommandModules[K]> };

/** The commands of every lazy group, as the table's type holds them. */
export type LazyCommands = ReturnType<LazyCommandModules['account']['accountCommands']> &
  ReturnType<LazyCommandModules['favorites']['favoriteCommands']> &
  ReturnType<LazyCommandModules['curbside']['curbsideCommands']> &
  ReturnType<LazyCommandModules['loyalty']['loyaltyCommands']> &
  ReturnType<LazyCommandModules['giftCards']['giftCardCommands']> &
  ReturnType<LazyCommandModules['delivery']['deliveryCommands']> &
  ReturnType<LazyCommandModules['progress']['progressCommands']>;

type Group = Readonly<Record<string, (...args: unknown[]) => Promise<unknown>>>;

/**
 * Every lazy group made with the services, once (a failed fetch is tried again by the next call). `alsoLoad` is what
 * a sign-in loads beside the account (account-and-session.md section 4: the catalog and the loyalty status).
 */
export function lazyCommandGroups(
  groups: LazyCommandGroups,
  services: CommandServices,
  serially: ReturnType<typeof serialQueue>,
  alsoLoad: () => Promise<unknown> = async () => undefined,
): () => Promise<Readonly<Record<string, Group>>> {
  let made: Promise<Readonly<Record<string, Group>>> | null = null;
  return () => {
    made ??= Promise.all([
      groups.account().then((m) => ['account', m.accountCommands(services, serially, alsoLoad)] as const),
      groups.favorites().then((m) => ['favorites', m.favoriteCommands(services, serially)] as const),
      groups.curbside().then((m) => ['curbside', m.curbsideCommands(services, serially)] as const),
      groups.loyalty().then((m) => ['loyalty', m.loyaltyCommands(services, serially)] as const),
      groups.giftCards().then((m) => ['giftCards', m.giftCardCommands(services, serially)] as const),
      groups.delivery().then((m) => ['delivery', m.deliveryCommands(services, serially)] as const),
      groups.progress().then((m) => ['progress', m.progressCommands(services, serially)] as const),
    ]).then(
      (pairs) => Object.fromEntries(pairs) as unknown as Readonly<Record<string, Group>>,
      (error: unknown) => {
        made = null;
        throw error;
      },
    );
    return made;
  };
}

/**
 * The table with the lazy groups behind it: a command the loaded groups define is called at once; any other name is
 * a command of a lazy group, found once they are in. A name no group defines fails at its call, naming it.
 */
export function withLazyGroups<T extends object>(table: Readonly<Record<string, unknown>>, load: () => Promise<Readonly<Record<string, Group>>>): T {
  const lazy = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  // Once loaded, a name two groups define (or one the table has) is an error, as when the table is made.
  let checked = false;
  const loaded = async () => {
    const groups = await load();
    if (!checked) {
      commandTable({ table, ...groups });
      checked = true;
    }
    return groups;
  };
  return new Proxy(table, {
    get(target, name) {
      if (typeof name !== 'string' || Object.hasOwn(target, name)) return Reflect.get(target, name);
      // Awaiting the table (a thenable check) or a framework's probe is not a command.
      if (name === 'then' || name === 'toJSON' || name.startsWith('$$')) return undefined;
      let command = lazy.get(name);
      if (command === undefined) {
        command = async (...args: unknown[]) => {
          const groups = await loaded();
          const owner = Object.values(groups).find((group) => Object.hasOwn(group, name));
          if (owner === undefined) throw new Error(`No command is named "${name}".`);
          return owner[name]!(...args);
        };
        lazy.set(name, command);
      }
      return command;
    },
  }) as T;
}

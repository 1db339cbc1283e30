// The command groups whose code loads with their first call, so the first page does not carry them: the account
// (sign-in, sign-up, codes, the profile, logout), favorites, the account's gift cards, loyalty, curbside, delivery and
// the order's progress. Where their code comes from is the app's to say (its manifest
// of on-demand parts, src/app/root/parts.ts, names the modules); the tests hand over the modules themselves.
// Their commands are listed nowhere: a name the table lacks is looked up in these groups. Each group's turn is the
// manifest's too: the small ones (`first`) are fetched together on the first such call (one round trip brings them
// all: a signed-in start's account call, the order's progress, a favorite); the two that bring the order's and the
// forms' code with them (gift cards, delivery: `byName`) only when the name is not among the small ones' commands, so
// an account call at start-up does not fetch checkout's code.
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

/** A group's code, and its turn: with the first call of any lazy command, or only for a name the first ones lack. */
export interface LazyCommandGroup<M> {
  readonly load: () => Promise<M>;
  readonly turn: 'first' | 'byName';
}

export type LazyCommandGroups = { readonly [K in keyof LazyCommandModules]: LazyCommandGroup<LazyCommandModules[K]> };

/** The commands of every lazy group, as the table's type holds them. */
export type LazyCommands = ReturnType<LazyCommandModules['account']['accountCommands']> &
  ReturnType<LazyCommandModules['favorites']['favoriteCommands']> &
  ReturnType<LazyCommandModules['curbside']['curbsideCommands']> &
  ReturnType<LazyCommandModules['loyalty']['loyaltyCommands']> &
  ReturnType<LazyCommandModules['giftCards']['giftCardCommands']> &
  ReturnType<LazyCommandModules['delivery']['deliveryCommands']> &
  ReturnType<LazyCommandModules['progress']['progressCommands']>;

type Group = Readonly<Record<string, (...args: unknown[]) => Promise<unknown>>>;

/** Loads the lazy groups that may define `name` (every group when no name is given), and answers those loaded. */
export type LoadGroups = (name?: string) => Promise<Readonly<Record<string, Group>>>;

/**
 * The lazy groups made with the services, each once (a failed fetch is tried again by the next call): the small ones
 * first, the rest when a name is not theirs. `alsoLoad` is what a sign-in loads beside the account
 * (account-and-session.md section 4: the catalog and the loyalty status).
 */
export function lazyCommandGroups(
  groups: LazyCommandGroups,
  services: CommandServices,
  serially: ReturnType<typeof serialQueue>,
  alsoLoad: () => Promise<unknown> = async () => undefined,
): LoadGroups {
  // A group's commands, each typed for its own arguments, as the table calls them.
  const asGroup = (commands: object): Group => commands as Group;
  const makers: { readonly [K in keyof LazyCommandModules]: () => Promise<Group> } = {
    account: () => groups.account.load().then((m) => asGroup(m.accountCommands(services, serially, alsoLoad))),
    favorites: () => groups.favorites.load().then((m) => asGroup(m.favoriteCommands(services, serially))),
    curbside: () => groups.curbside.load().then((m) => asGroup(m.curbsideCommands(services, serially))),
    loyalty: () => groups.loyalty.load().then((m) => asGroup(m.loyaltyCommands(services, serially))),
    giftCards: () => groups.giftCards.load().then((m) => asGroup(m.giftCardCommands(services, serially))),
    delivery: () => groups.delivery.load().then((m) => asGroup(m.deliveryCommands(services, serially))),
    progress: () => groups.progress.load().then((m) => asGroup(m.progressCommands(services, serially))),
  };
  const names = Object.keys(makers) as (keyof LazyCommandModules)[];
  // The groups fetched with the first call of a lazy command: small, and without the order's or the forms' code.
  const first = names.filter((name) => groups[name].turn === 'first');
  const made = new Map<string, Promise<Group>>();
  const load = async (names: readonly (keyof LazyCommandModules)[]) =>
    Object.fromEntries(
      await Promise.all(
        names.map(async (name) => {
          let group = made.get(name);
          if (group === undefined) {
            group = makers[name]();
            made.set(name, group);
            group.catch(() => made.delete(name));
          }
          return [name, await group] as const;
        }),
      ),
    ) as Readonly<Record<string, Group>>;
  return async (name) => {
    const firstGroups = await load(first);
    if (name !== undefined && Object.values(firstGroups).some((group) => Object.hasOwn(group, name))) return firstGroups;
    return load(names);
  };
}

/**
 * The table with the lazy groups behind it: a command the loaded groups define is called at once; any other name is
 * a command of a lazy group, found once they are in. A name no group defines fails at its call, naming it.
 */
export function withLazyGroups<T extends object>(table: Readonly<Record<string, unknown>>, load: LoadGroups): T {
  const lazy = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  // Once loaded, a name two groups define (or one the table has) is an error, as when the table is made: checked
  // again whenever more groups are in.
  let checked = 0;
  const loaded = async (name: string) => {
    const groups = await load(name);
    if (Object.keys(groups).length > checked) {
      commandTable({ table, ...groups });
      checked = Object.keys(groups).length;
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
          const groups = await loaded(name);
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

// The command table: one name, one command, and a command-level test for every command the table holds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCommands } from '../../src/commands/commands';
import { commandTable } from '../../src/commands/commandTable';
import { lazyCommandGroups, withLazyGroups } from '../../src/commands/lazyGroups';
import { serialQueue, type CommandServices } from '../../src/commands/services';
import { LAZY_GROUPS } from './support';

// Making the table calls no service: the groups only close over them.
const services = { store: {}, api: {} } as unknown as CommandServices;
const eager = Object.keys(createCommands(services, LAZY_GROUPS)).sort();
const lazyGroups = await lazyCommandGroups(LAZY_GROUPS, services, serialQueue())();
const names = [...eager, ...Object.values(lazyGroups).flatMap((group) => Object.keys(group))].sort();

describe('the command table', () => {
  it('refuses a name that two groups define, naming both', () => {
    const first = { addToBag: () => 'first' };
    const second = { addToBag: () => 'second', other: () => 'other' };
    expect(() => commandTable({ shopping: first, reorder: second })).toThrow('The command "addToBag" is defined twice: by shopping and by reorder.');
  });

  it('joins distinct groups into one object, keeping each command', () => {
    const table = commandTable({ a: { one: () => 1 }, b: { two: () => 2 } });
    expect(table.one()).toBe(1);
    expect(table.two()).toBe(2);
  });

  it('holds the storefront commands', () => {
    expect(names).toEqual(expect.arrayContaining(['addToBag', 'loadCatalog', 'placeOrder', 'restoreSession']));
    expect(names.length).toBeGreaterThan(25);
  });

  it('finds a command of a group that loads on demand by its name alone, and fails a name no group defines', async () => {
    let loads = 0;
    const table = withLazyGroups<Record<string, (...args: unknown[]) => Promise<unknown>>>({ one: async () => 1 }, async () => {
      loads++;
      return { later: { two: async (x: unknown) => ['two', x] } };
    });
    expect(await table.one!()).toBe(1);
    expect(loads).toBe(0);
    expect(await table.two!('x')).toEqual(['two', 'x']);
    await expect(table.nothing!()).rejects.toThrow('No command is named "nothing".');
    expect(loads).toBe(2);
    // Awaiting the table is not calling a command.
    expect((table as { then?: unknown }).then).toBeUndefined();
  });

  it('refuses, once loaded, a lazy command whose name the table already has', async () => {
    const table = withLazyGroups<Record<string, () => Promise<unknown>>>({ one: async () => 1 }, async () => ({
      later: { one: async () => 2, two: async () => 2 },
    }));
    await expect(table.two!()).rejects.toThrow('The command "one" is defined twice: by table and by later.');
  });

  it("fetches the small groups for an account, favorite or progress call, and gift cards' and delivery's code only for theirs", async () => {
    const fetched: string[] = [];
    const counted = Object.fromEntries(
      Object.entries(LAZY_GROUPS).map(([name, group]) => [
        name,
        {
          ...group,
          load: () => {
            fetched.push(name);
            return (group.load as () => Promise<unknown>)();
          },
        },
      ]),
    ) as unknown as typeof LAZY_GROUPS;
    const load = lazyCommandGroups(counted, services, serialQueue());
    const first = await load('showTextPrompt');
    expect(Object.keys(first).sort()).toEqual(['account', 'curbside', 'favorites', 'loyalty', 'progress']);
    expect(fetched.sort()).toEqual(['account', 'curbside', 'favorites', 'loyalty', 'progress']);
    const all = await load('quoteDelivery');
    expect(Object.keys(all).sort()).toEqual(['account', 'curbside', 'delivery', 'favorites', 'giftCards', 'loyalty', 'progress']);
    // Each group is fetched once, however often it is asked for.
    await load('addGiftCard');
    expect(fetched.sort()).toEqual(['account', 'curbside', 'delivery', 'favorites', 'giftCards', 'loyalty', 'progress']);
  });

  it('holds every lazy group, no name twice', () => {
    expect(Object.keys(lazyGroups).sort()).toEqual(['account', 'curbside', 'delivery', 'favorites', 'giftCards', 'loyalty', 'progress']);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['signIn', 'toggleFavorite', 'announceArrival', 'verifyLoyalty', 'addGiftCard', 'quoteDelivery']));
  });

  it('every command is called by a command-level test in tests/commands', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const tests = readdirSync(dir)
      .filter((name) => name.endsWith('.test.ts') && name !== 'table.test.ts')
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n');
    const untested = names.filter((name) => !new RegExp(`commands\\.${name}\\(`).test(tests));
    expect(untested).toEqual([]);
  });
});

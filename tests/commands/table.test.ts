// The command table: one name, one command, and a command-level test for every command the table holds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CURBSIDE_COMMANDS,
  DELIVERY_COMMANDS,
  FAVORITE_COMMANDS,
  GIFT_CARD_COMMANDS,
  LOYALTY_COMMANDS,
  commandTable,
  createCommands,
} from '../../src/commands/commands';
import type { CommandServices } from '../../src/commands/services';

// Making the table calls no service: the groups only close over them.
const names = Object.keys(createCommands({ store: {}, api: {} } as unknown as CommandServices)).sort();

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

  it('the groups that load on demand list exactly the commands their modules define', async () => {
    const services = { store: {}, api: {} } as unknown as CommandServices;
    const groups = [
      [FAVORITE_COMMANDS, (await import('../../src/commands/favorites')).favoriteCommands(services)],
      [CURBSIDE_COMMANDS, (await import('../../src/commands/curbside')).curbsideCommands(services)],
      [LOYALTY_COMMANDS, (await import('../../src/commands/loyalty')).loyaltyCommands(services)],
      [GIFT_CARD_COMMANDS, (await import('../../src/commands/giftCards')).giftCardCommands(services)],
      [DELIVERY_COMMANDS, (await import('../../src/commands/delivery')).deliveryCommands(services)],
    ] as const;
    for (const [listed, group] of groups) expect([...listed].sort()).toEqual(Object.keys(group).sort());
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

// `--data DIR`: orders, stock, accounts and sessions survive a restart; without it, a restart starts from the seed.
import * as E from 'fp-ts/lib/Either.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUEST, newClient, nonceFor, sliceOrder, startSandbox } from './support';
import { tempDir } from '../support/tempDir';

const countOf = async (apiBase: string) => {
  const list = await newClient({ apiBase }).api.inventory.listInventory({ locationId: 'chain-brooklyn' });
  if (E.isLeft(list)) throw new Error(JSON.stringify(list.left));
  return list.right.Inventory.find((e) => e.VariationId === 'cheese-slice-each')?.Count;
};

describe('sandbox state across restarts', () => {
  it('keeps orders, stock and sessions in the data folder', async () => {
    const dataDir = tempDir('countertop-data-');
    const first = await startSandbox({ catalog: 'pizza-chain', dataDir });
    const client = newClient(first);
    const order = sliceOrder(await nonceFor(first), { guest: GUEST });
    const placed = await client.api.orders.guestPlaceOrder(order);
    if (E.isLeft(placed)) throw new Error(JSON.stringify(placed.left));
    await first.close();
    expect(existsSync(join(dataDir, 'pizza-chain.state.json'))).toBe(true);

    const second = await startSandbox({ catalog: 'pizza-chain', dataDir });
    try {
      expect(await countOf(second.apiBase)).toBe(38);
      const again = await newClient(second).api.orders.guestPlaceOrder(order);
      expect(E.isRight(again) && again.right.OrderId).toBe(placed.right.OrderId);
    } finally {
      await second.close();
    }
  });

  it('starts from the seed without a data folder', async () => {
    const first = await startSandbox({ catalog: 'pizza-chain' });
    await newClient(first).api.orders.guestPlaceOrder(sliceOrder(await nonceFor(first), { guest: GUEST }));
    expect(await countOf(first.apiBase)).toBe(38);
    await first.close();
    const second = await startSandbox({ catalog: 'pizza-chain' });
    expect(await countOf(second.apiBase)).toBe(40);
    await second.close();
  });

  it('keeps a signed-in session across a restart', async () => {
    const dataDir = tempDir('countertop-data-');
    const first = await startSandbox({ catalog: 'cafe', dataDir });
    const client = newClient(first);
    const login = await client.api.account.login('ada@example.com', 'countertop');
    expect(E.isRight(login)).toBe(true);
    await first.close();
    const second = await startSandbox({ catalog: 'cafe', dataDir });
    try {
      const resumed = newClient(second);
      resumed.tokens.set(client.tokens.get()!);
      const profile = await resumed.api.account.profile();
      expect(E.isRight(profile) && profile.right.firstName).toBe('Ada');
    } finally {
      await second.close();
    }
  });
});

// Client events go through their command: stamped by the services' clock and ids, never failing the shopper.
import { describe, expect, it } from 'vitest';
import { createCommands } from '../../src/commands/commands';
import type { CommandServices } from '../../src/commands/services';
import { openDatabase } from '../../src/store/database';
import { openEventStore, type EventStore } from '../../src/store/eventStore';
import { LAZY_GROUPS, LOADED_RULES } from './support';

let databases = 0;

async function commandsOver(change: (store: EventStore) => EventStore = (store) => store) {
  const db = await openDatabase({ name: `client-commands-${process.pid}-${++databases}` });
  const store = await openEventStore(db, { appVersion: 'test', snapshotEvery: 0 });
  const reports: unknown[] = [];
  let ids = 0;
  const services: CommandServices = {
    store: change(store),
    // A client event calls no API.
    api: new Proxy({} as CommandServices['api'], { get: () => () => Promise.reject(new Error('no API call expected')) }),
    config: { ClientId: 'test' },
    now: () => Date.parse('2026-11-18T15:00:00Z'),
    newId: () => `id-${++ids}`,
    reportError: (e) => reports.push(e),
    rules: LOADED_RULES,
  };
  return { commands: createCommands(services, LAZY_GROUPS), store, reports, close: async () => (await store.close(), await db.close()) };
}

describe('recording a client event', () => {
  it("appends it stamped with the services' id and time, in the order called", async () => {
    const { commands, store, close } = await commandsOver();
    expect(await commands.recordClientEvent('PageViewed', { path: '/bag' })).toBe(true);
    expect(await commands.recordClientEvent('DialogOpened', { dialog: 'tip', target: null })).toBe(true);
    const stored = await store.storedEvents();
    expect(stored.map((e) => [e.type, e.id, e.at])).toEqual([
      ['PageViewed', 'id-1', '2026-11-18T15:00:00.000Z'],
      ['DialogOpened', 'id-2', '2026-11-18T15:00:00.000Z'],
    ]);
    expect(stored.map((e) => e.data)).toEqual([{ path: '/bag' }, { dialog: 'tip', target: null }]);
    await close();
  });

  it('answers false, throwing nothing and reporting nothing, when the log refuses it or fails', async () => {
    const refusing = await commandsOver((store) => ({ ...store, append: async () => ({ _tag: 'Left', left: ['closed'] }) as const }));
    expect(await refusing.commands.recordClientEvent('PageViewed', { path: '/' })).toBe(false);
    expect(refusing.reports).toEqual([]);
    await refusing.close();
    const failing = await commandsOver((store) => ({ ...store, append: () => Promise.reject(new Error('database gone')) }));
    expect(await failing.commands.recordClientEvent('FormRefused', { form: 'Sign In', fields: ['email'] })).toBe(false);
    await failing.close();
  });
});

// Commands wired to a real sandbox and an in-memory store, with a clock the test controls.
import * as E from 'fp-ts/lib/Either.js';
import { createApiClient } from '../../src/api/apiClient';
import { memoryTokenStore, type Tokens } from '../../src/api/tokenStore';
import type { ApiClient } from '../../src/api/apiClient';
import { createSandboxTokenizer } from '../../src/api/payments/sandboxTokenizer';
import type { TokenizedCard } from '../../src/api/payments/cardTokenizer';
import { createCommands, type Commands } from '../../src/commands/commands';
import type { CommandRules, CommandServices } from '../../src/commands/services';
import * as checkoutDetails from '../../src/commands/decide/details';
import * as reorderRules from '../../src/commands/decide/reorder';
import * as placement from '../../src/commands/placeOrder';
import type { PushNotifications, PushTrigger } from '../../src/api/push';
import type { ErrorEvent } from '../../src/api/errorReporter';
import { openDatabase } from '../../src/store/database';
import { openEventStore, type EventStore } from '../../src/store/eventStore';
import * as timeRules from '../../src/events/timeRules';
import { loadedModule } from '../../src/store/lazyModule';
import type { LazyCommandGroups } from '../../src/commands/lazyGroups';
import { commandGroups } from '../../src/app/root/lazyParts';

/** The command groups the storefront loads with their first call, as its manifest names them (each with its turn). */
export const LAZY_GROUPS: LazyCommandGroups = commandGroups;

/** The rule bundles the storefront fetches on demand, here loaded from the start (as the command line has them). */
export const LOADED_RULES: CommandRules = {
  time: loadedModule(timeRules),
  placement: loadedModule(placement),
  details: loadedModule(checkoutDetails),
  reorder: loadedModule(reorderRules),
};
import { CLIENT_ID, type RunningSandbox } from '../sandbox/support';

let databases = 0;

export interface Shopper {
  readonly commands: Commands;
  readonly store: EventStore;
  readonly reports: ErrorEvent[];
  readonly clock: { now: number };
  /** The shopper's API client (its token store holds the session, as the browser's localStorage does). */
  readonly api: ApiClient;
  /** Tokenizes a card at the sandbox's card provider and adds it, as the card form does. */
  addCard(number?: string, extra?: { cvv?: string; postalCode?: string; expYear?: number }): Promise<void>;
  /** The push-notification triggers the commands sent, with `options.pushService` (otherwise the log keeps them). */
  readonly pushed: readonly PushTrigger[];
  /** The commands of the same store after a reload: what they held in memory (card tokens) is gone. */
  reload(): Commands;
  /** Tokenizes a card at the sandbox's card provider, as the card form does before it calls addCard. */
  tokenize(number: string): Promise<TokenizedCard>;
  close(): Promise<void>;
}

export async function newShopper(
  running: Pick<RunningSandbox, 'apiBase' | 'origin'>,
  clock: { now: number },
  tokens: Tokens | null = null,
  options: { readonly pushService?: boolean } = {},
): Promise<Shopper> {
  const db = await openDatabase({ name: `commands-${process.pid}-${++databases}` });
  const store = await openEventStore(db, { appVersion: 'test', snapshotEvery: 0 });
  const reports: ErrorEvent[] = [];
  let ids = 0;
  const api = createApiClient({ baseUrl: running.apiBase, clientId: CLIENT_ID, tokens: memoryTokenStore(tokens), reportError: (e) => reports.push(e) });
  // A push service that keeps what it is sent, when the test configures one.
  const pushed: PushTrigger[] = [];
  const push: PushNotifications = { trigger: (trigger) => void pushed.push(trigger) };
  const services: CommandServices = {
    ...(options.pushService ? { push } : {}),
    store,
    api,
    config: { ClientId: CLIENT_ID },
    now: () => clock.now,
    newId: () => `id-${++ids}-${Math.random().toString(36).slice(2, 8)}`,
    reportError: (e) => reports.push(e),
    // The storefront fetches its rule bundles on demand (the time rules just after it opens); these shoppers start with them.
    rules: LOADED_RULES,
    // Waiting between status checks is time passing: the sandbox reads the same clock.
    queueDelay: async (ms) => {
      clock.now += ms;
      await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
  const commands = createCommands(services, LAZY_GROUPS);
  const tokenizer = createSandboxTokenizer({ url: `${running.origin}/__sandbox/payments/tokenize` });
  return {
    commands,
    store,
    reports,
    clock,
    api,
    pushed,
    reload: () => createCommands(services, LAZY_GROUPS),
    async tokenize(number) {
      const token = await tokenizer.tokenize({ cardNumber: number, expMonth: 12, expYear: 2030, cvv: '123', postalCode: '10014' });
      if (E.isLeft(token)) throw new Error(`tokenize: ${token.left.problems.join('; ')}`);
      return token.right;
    },
    async addCard(number = '4111 1111 1111 1111', extra = {}) {
      const token = await tokenizer.tokenize({
        cardNumber: number,
        expMonth: 12,
        expYear: extra.expYear ?? 2030,
        cvv: extra.cvv ?? '123',
        postalCode: extra.postalCode ?? '10014',
      });
      if (E.isLeft(token)) throw new Error(`tokenize: ${token.left.problems.join('; ')}`);
      const added = await commands.addCard(
        token.right,
        { address1: '1 Main St', address2: '', city: 'New York', state: 'NY', postalCode: token.right.postalCode },
        false,
      );
      if (E.isLeft(added)) throw new Error(added.left);
    },
    async close() {
      await store.close();
      await db.close();
    },
  };
}

export function expectRight<A>(result: E.Either<unknown, A>): A {
  if (E.isLeft(result)) throw new Error(`expected success, got ${JSON.stringify(result.left)}`);
  return result.right;
}

/** Runs a command and answers what it returned and the types of the events it appended, in order. */
export async function appendedBy<T>(shopper: Shopper, run: () => Promise<T>): Promise<{ result: T; types: string[] }> {
  const before = shopper.store.getState().log.lastSeq;
  const result = await run();
  const types = (await shopper.store.storedEvents(before)).map((e) => e.type);
  return { result, types };
}

export function expectLeft<A>(result: E.Either<A, unknown>): A {
  if (E.isRight(result)) throw new Error(`expected a refusal, got ${JSON.stringify(result.right)}`);
  return result.left;
}

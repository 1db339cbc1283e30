// Start-up in the spec's order (account-and-session.md section 4): config.json, the API service, the auto-login
// attempt, then catalog and loyalty availability in parallel, and the live inventory hub right after the first page.
// The log of the visit is ./visitLog.ts; the effects that keep it in step with the world (the hub, the clock,
// inventory on location change, the preview request, the page kept for Back) are ./storefrontEffects.ts.
import * as E from 'fp-ts/lib/Either.js';
import { BehaviorSubject, type Observable } from 'rxjs';
import { createApiClient, type ApiClient } from '../../api/apiClient';
import type { ApiError } from '../../api/apiError';
import { callFailureOf } from '../../commands/callFailure';
import { createErrorReporter, type ReportError } from '../../api/errorReporter';
import type { CardTokenizer } from '../../api/payments/cardTokenizer';
import { browserTokenStore, watchSession } from '../../api/tokenStore';
import { httpPush } from '../../api/push';
import { createCommands, type Commands } from '../../commands/commands';
import type { LazyCommandGroups } from '../../commands/lazyGroups';
import type { CommandRules } from '../../commands/services';
import { decode } from '../../domain/codec';
import { ConfigCodec, type Config } from '../../domain/config';
import { contentFolder } from '../../domain/content';
import { draft } from '../../events/draft';
import type { EventDataOf } from '../../events/catalogue';
import { deviceNow, watchDevice } from './device';
import { withEarlyCatalog } from './earlyCatalog';
import { watchReachability, type Reachability } from './reachability';
import { nextTask } from './nextTask';
import { startEffects } from './storefrontEffects';
import { linkThemeStylesheet } from './themeStylesheet';
import { openVisitLog } from './visitLog';
import type { EventStore } from '../../store/eventStore';
import type { TimeRules } from '../../events/timeRules';
import { createViews, type StorefrontViews } from '../../store/views';
import { madeOnDemand, type LazyModule } from '../../store/lazyModule';
import type { VisitSharing } from './visitShare';

export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? '0.0.0';
/** The fold's version (vite.config.ts): the database's snapshot of the state is read only when it is the same. */
const FOLD_VERSION: string = import.meta.env.VITE_FOLD_VERSION ?? APP_VERSION;

/** A menu that could not be loaded while the browser says it is online is asked for again after 5 s, doubling to 1 min. */
const MENU_RETRY_FIRST_MS = 5_000;
const MENU_RETRY_LAST_MS = 60_000;

export interface Runtime {
  readonly config: Config;
  readonly api: ApiClient;
  readonly commands: Commands;
  readonly views: StorefrontViews;
  readonly tokenizer: CardTokenizer;
  readonly reportError: ReportError;
  /** The time now; the clock views tick with it. */
  readonly now: () => number;
  /** An order the last visit sent without an answer, which the API confirmed at start-up: the page shows it. */
  readonly recoveredOrder: { readonly orderId: string } | null;
  /** What the page says of the network beyond the browser's own online state (OfflineNotice). */
  readonly connection: Connection;
  /**
   * Saves this visit's log as a file for support, redacted ('Download instead' in the share dialog): the pages ask
   * for the file and never reach the store it is read from.
   */
  readonly downloadSessionLog: () => Promise<void>;
  /**
   * Sharing this visit with support (./visitShare.ts): the tab's one sharing, made the first time it is wanted (the
   * share dialog, or a share resumed after a reload), its code the manifest's part. The pages start and stop it and
   * read its status; what it sends it reads from the log here, and what it records goes through the commands.
   */
  readonly visitSharing: LazyModule<VisitSharing>;
  stop(): Promise<void>;
}

export interface Connection {
  /** The API gave no answer to the last call that reached for it, though the browser may say it is online. */
  readonly unreachable$: Observable<boolean>;
  /**
   * The log is kept in this page alone: a first visit went offline before the database's code came, which is fetched
   * once the browser is back online (everything appended meanwhile is then written). Closing the page loses the bag.
   */
  readonly logInPageOnly$: Observable<boolean>;
  /** The log cannot be kept on this device (no IndexedDB, or writes that started failing): what to tell the shopper. */
  readonly storageProblem$: Observable<string | null>;
}

export class StartupError extends Error {
  constructor(
    readonly userMessage: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** The config.json request index.html started with the page: its Response, or the Error it failed with. */
type EarlyConfig = Promise<Response | Error>;

/** The answer index.html already asked for, once (a retry asks again), or a new request. */
async function fetchConfig(): Promise<Response> {
  const holder = window as unknown as { __countertopConfig?: EarlyConfig };
  const early = holder.__countertopConfig;
  delete holder.__countertopConfig;
  const answer = await (early ?? fetch(`${contentFolder(window.location.hostname)}config.json`, { cache: 'no-cache' }));
  if (answer instanceof Error) throw answer;
  return answer;
}

async function loadConfig(): Promise<Config> {
  let json: unknown;
  try {
    const response = await fetchConfig();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    json = await response.json();
  } catch (error) {
    throw new StartupError('We could not load this store\u2019s settings.', `config.json: ${(error as Error).message}`);
  }
  const config = decode(ConfigCodec, json);
  if (E.isLeft(config)) throw new StartupError('This store\u2019s settings are not valid.', `config.json: ${config.left.join('; ')}`);
  return config.right;
}

const newId = () => crypto.randomUUID();

/** The parts start-up fetches on demand, as the root's manifest names them (src/app/root/parts.ts). */
export interface StartupParts {
  readonly inventoryHub: LazyModule<typeof import('../../api/hub/inventoryHub')>;
  readonly sessionLog: LazyModule<typeof import('./sessionLog')>;
  /** Sharing the visit with support: with the share dialog. */
  readonly visitSharing: LazyModule<typeof import('./visitShare')>;
  readonly cardTokenizer: LazyModule<typeof import('../../api/payments/sandboxTokenizer')>;
  /**
   * The rule bundles the commands await: the time rules (fetched after the first page, and on demand by the commands
   * that need them), placement (with checkout), checkout's typed details and reorder (with their first use).
   */
  readonly rules: CommandRules;
  /** The command groups loaded with their first call (favorites, loyalty, gift cards, curbside, delivery). */
  readonly commandGroups: LazyCommandGroups;
  /** The offline worker's registration: after the first page and `offlineWorkerAfter`, once the browser is idle. */
  readonly offlineWorker: LazyModule<typeof import('./offlineWorker')>;
  /** What the offline worker waits for besides the first page (the parts fetched in the background). */
  readonly offlineWorkerAfter?: Promise<void>;
}

/** Made after what calls it: the API's failures are recorded once the log is there, a signed-out session ends through the commands. */
interface LateBound {
  commands: Commands | undefined;
  recordFailure: (error: ApiError) => void;
  /** The menu's last failed call: a server error or no answer in time opens a signed-in visit from its log too. */
  menuFailure: ApiError | null;
}

export async function startStorefront(parts: StartupParts): Promise<Runtime> {
  // The business's look comes with its settings, from the host's content folder.
  linkThemeStylesheet(document, window.location.hostname, Date.now());
  const config = await loadConfig();
  const reportError = createErrorReporter({ ...(config.ErrorReportingDsn ? { dsn: config.ErrorReportingDsn } : {}) });
  const now = () => Date.now();
  // A failed call support needs to see is recorded once the log is there (callFailure.ts); none can fail before.
  const late: LateBound = { commands: undefined, recordFailure: () => undefined, menuFailure: null };
  // A call without an answer asks the API's own path whether its host answers (reachability.ts).
  const reach = watchReachability(withEarlyCatalog(fetch.bind(window)), new URL(`${config.ApiBasePath ?? '/api'}/`, window.location.href).href);
  const api = storefrontApi(config, reach, reportError, late);
  const log = await openVisitLog(config.ClientId, APP_VERSION, FOLD_VERSION, newId, now);
  const { store } = log;
  const stopWatchingDevice = recordClientEvents(store, now, late);
  // Each step of start-up is a task of its own on a phone: settings and the log here, the commands and views next,
  // then the menu (see nextTask.ts).
  await nextTask();
  const commands = storefrontCommands(config, store, api, reportError, now, parts);
  late.commands = commands;
  // A session ended in another tab (Logout, a refused refresh) ends here too.
  const stopWatchingSession = watchSession(window, window.localStorage, () => void late.commands?.endSession());
  const clock$ = new BehaviorSubject(now());
  const time$ = new BehaviorSubject<TimeRules | null>(parts.rules.time.ifLoaded());
  const views = createViews(store.state$, store.getState(), store.context, clock$, now(), time$, time$.getValue());
  await nextTask();
  const menu = await openMenu(commands, store, api, reach, () => serverFailing(late.menuFailure));
  const stopEffects = startEffects({ config, log, api, commands, views, reportError, now, clock$, time$, parts });
  exposeToDevelopers(commands, views, store, parts, now);
  const visitSharing = madeOnDemand(parts.visitSharing, ({ createVisitSharing }) =>
    createVisitSharing({
      log: store,
      record: commands.recordClientEvent,
      appVersion: APP_VERSION,
      business: () => views.catalog.get()?.catalog.Name ?? 'unknown',
      storage: window.sessionStorage,
      window,
      // The same as the log's DeviceSeen: browser and system by name and major version, never the whole user agent.
      device: deviceNow,
    }),
  );
  return {
    config,
    api,
    commands,
    views,
    // The card tokenizer (and its codecs) loads with the first card entered, not with the first page.
    tokenizer: { tokenize: async (card) => (await parts.cardTokenizer.load()).createSandboxTokenizer().tokenize(card) },
    reportError,
    now,
    recoveredOrder: menu.recoveredOrder,
    connection: { unreachable$: reach.unreachable$, logInPageOnly$: log.logInPageOnly$.asObservable(), storageProblem$: store.storageProblem$ },
    downloadSessionLog: async () => (await parts.sessionLog.load()).downloadSessionLog(store, APP_VERSION, true, now()),
    visitSharing,
    async stop() {
      menu.stop();
      stopWatchingSession();
      stopWatchingDevice();
      await stopEffects();
      await store.close();
    },
  };
}

/** The API client, reaching the network through `reach` (which tells when the API gives no answer). */
function storefrontApi(config: Config, reach: Reachability, reportError: ReportError, late: LateBound): ApiClient {
  return createApiClient({
    onFailure: (error) => {
      if (error.call === 'Catalog') late.menuFailure = error;
      late.recordFailure(error);
    },
    fetch: reach.fetch,
    baseUrl: config.ApiBasePath ?? '/api',
    clientId: config.ClientId,
    tokens: browserTokenStore(window.localStorage),
    reportError,
    onSignedOut: () => void late.commands?.endSession(),
    // The menu's answer is parsed and read in tasks of their own (a phone's long task otherwise).
    pause: nextTask,
  });
}

/** Records what support needs (a failed call, the device), never something the shopper waits on: a lost one is let go. */
function recordClientEvents(store: EventStore, now: () => number, late: LateBound): () => void {
  const recordClient = <T extends 'CallFailed' | 'DeviceSeen'>(type: T, data: EventDataOf<T>) =>
    void store.append(draft(type, data, { id: newId(), at: new Date(now()).toISOString() })).catch(() => undefined);
  late.recordFailure = (error) => {
    const failed = callFailureOf(error, navigator.onLine);
    if (failed) recordClient('CallFailed', failed);
  };
  // In a task of its own: the first read of the time zone sets up the browser's date formatting (tens of
  // milliseconds on a phone), which would otherwise lengthen start-up's first task.
  let stopWatching: (() => void) | null = null;
  let stopped = false;
  void nextTask().then(() => {
    if (!stopped) stopWatching = watchDevice((device) => recordClient('DeviceSeen', device));
  });
  return () => {
    stopped = true;
    stopWatching?.();
  };
}

/** The commands, with the push service config.json names (without one, triggers are recorded in the log). */
function storefrontCommands(config: Config, store: EventStore, api: ApiClient, reportError: ReportError, now: () => number, parts: StartupParts): Commands {
  const pushUrl = config.PushServiceUrl?.trim();
  const push = pushUrl ? httpPush(pushUrl, fetch.bind(window), reportError) : undefined;
  return createCommands({ store, api, config, now, newId, reportError, ...(push ? { push } : {}), rules: parts.rules }, parts.commandGroups);
}

/** The menu as start-up leaves it: an order in doubt the API confirmed, and a function that stops asking again. */
interface OpenedMenu {
  readonly recoveredOrder: { readonly orderId: string } | null;
  readonly stop: () => void;
}

/**
 * The auto-login attempt comes first; catalog, loyalty and the hub then start together. A returning guest's menu is
 * already here: the log's state and the catalog snapshot it refers to. The page opens on them at once, and the same
 * calls, in the same order, bring them up to date behind it (a failure is reported by the API client; the menu the
 * shopper saw last stays). So does a signed-in shopper without a network: their account, bag and orders as the log
 * last knew them, the session checked when the network is back. A first visit, a signed-in shopper online (whose
 * session is checked first) and an order still in doubt (confirmed before anything is shown) wait as before. A menu
 * that could not be loaded is loaded again by itself, with the counts: later each time while the browser says it is
 * online (the API unreachable, or failing), when it is back online otherwise (README, "Installable and offline").
 */
/** A failure of the API's server, not of the request: a 5xx, or no answer in time. */
function serverFailing(error: ApiError | null): boolean {
  return error !== null && (error.kind === 'timeout' || (error.kind === 'http' && error.status >= 500));
}

async function openMenu(commands: Commands, store: EventStore, api: ApiClient, reach: Reachability, menuServerFailed: () => boolean): Promise<OpenedMenu> {
  let menuMissed = false;
  let stopped = false;
  const restoreAndLoad = async () => {
    await commands.restoreSession();
    const catalog = commands.loadCatalog();
    void commands.loadLoyaltyAvailability();
    const loaded = await catalog;
    menuMissed = E.isLeft(loaded);
    return loaded;
  };
  const restored = store.getState();
  const canOpenLocal =
    restored.placement.unconfirmedKey === null && restored.catalog.hash !== null && store.context.catalog(restored.catalog.hash) !== undefined;
  const localFirst = (api.http.tokens.get() === null || !navigator.onLine) && canOpenLocal;
  let menuRetry = 0;
  let retryIn = MENU_RETRY_FIRST_MS;
  const retryLater = () => {
    menuRetry = window.setTimeout(() => void loadMenu(), retryIn);
    retryIn = Math.min(retryIn * 2, MENU_RETRY_LAST_MS);
  };
  const loadMenu = async () => {
    window.clearTimeout(menuRetry);
    const loaded = await restoreAndLoad();
    if (stopped) return;
    if (E.isRight(loaded)) {
      retryIn = MENU_RETRY_FIRST_MS;
      void commands.refreshInventory();
    } else if (navigator.onLine) retryLater();
  };
  let recoveredOrder: { readonly orderId: string } | null = null;
  if (localFirst) {
    void loadMenu();
  } else {
    const loaded = await restoreAndLoad();
    if (E.isLeft(loaded)) {
      // A signed-in shopper whose network fails while the browser still says it is online opens from the log as
      // offline (the banner says the store cannot be reached), and the menu is asked for again by itself; so does one
      // whose store's server fails (a 5xx, or no answer in time), without the banner: the store answers. Any other
      // failure to open (a menu the storefront cannot read, nothing in the log) is the start-up error page.
      if (!(canOpenLocal && (reach.unreachable() || menuServerFailed()))) throw new StartupError(loaded.left, 'catalog could not be loaded');
      retryLater();
    } else {
      // Recording the menu and opening the page on it are two tasks, not one (see nextTask.ts).
      await nextTask();
      recoveredOrder = await commands.confirmUnansweredOrder();
      void commands.refreshInventory();
    }
  }
  const onOnline = () => {
    reach.forget();
    if (!stopped && menuMissed) void loadMenu();
  };
  window.addEventListener('online', onOnline);
  return {
    recoveredOrder,
    stop: () => {
      stopped = true;
      window.clearTimeout(menuRetry);
      window.removeEventListener('online', onOnline);
    },
  };
}

/**
 * Developers (and the browser tests' setup) can reach the commands from the console after opting in:
 * localStorage['countertop.debug'] = '1'. Nothing here is more than the pages themselves can do.
 */
function exposeToDevelopers(commands: Commands, views: StorefrontViews, store: EventStore, parts: StartupParts, now: () => number): void {
  if (window.localStorage.getItem('countertop.debug') !== '1') return;
  (window as unknown as { countertop: unknown }).countertop = {
    commands,
    views,
    state: () => store.getState(),
    saved: () => store.saved(),
    sessionLog: async (redact = false) => (await parts.sessionLog.load()).sessionLogText(store, APP_VERSION, redact, now()),
  };
}

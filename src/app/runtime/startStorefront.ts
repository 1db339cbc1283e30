// Start-up in the spec's order (account-and-session.md section 4): config.json, the API service, the auto-login
// attempt, then catalog and loyalty availability in parallel, and the live inventory hub right after the first page
// (see startHub). Also the effects that keep the log in step with the world: the hub, the clock, inventory on location change, the preview request.
import * as E from 'fp-ts/lib/Either.js';
import { BehaviorSubject, debounceTime, distinctUntilChanged, filter, map, skip, type Observable, type Subscription } from 'rxjs';
import { createApiClient, type ApiClient } from '../../api/apiClient';
import type { ApiError } from '../../api/apiError';
import { callFailureOf } from '../../commands/callFailure';
import { createErrorReporter, type ReportError } from '../../api/errorReporter';
import type { InventoryHubHandle, OrdersToFollow } from '../../api/hub/inventoryHub';
import { ordersToFollow } from '../../events/selectors/progress';
import { contextOrderLine } from '../../api/orderPayloads';
import type { CardTokenizer } from '../../api/payments/cardTokenizer';
import { browserTokenStore, watchSession } from '../../api/tokenStore';
import { httpPush } from '../../api/push';
import { createCommands, type Commands } from '../../commands/commands';
import type { LazyCommandGroups } from '../../commands/lazyGroups';
import { decode } from '../../domain/codec';
import { ConfigCodec, type Config } from '../../domain/config';
import { contentFolder } from '../../domain/content';
import { draft } from '../../events/draft';
import type { EventDataOf } from '../../events/catalogue';
import { watchDevice } from './device';
import { whenOnline } from './whenOnline';
import { withEarlyCatalog } from './earlyCatalog';
import { watchReachability } from './reachability';
import { AFTER_FIRST_PAGE_MS, firstPage } from './firstPage';
import { nextTask } from './nextTask';
import { linkThemeStylesheet } from './themeStylesheet';
import { openEventStoreLater, type AttachedDatabase, type EventStore } from '../../store/eventStore';
import { keepPaintCopy, readVisitStart } from '../../store/paintSnapshot';
import type { TimeRules } from '../../events/timeRules';
import { createViews, type StorefrontViews } from '../../store/views';
import type { LazyModule } from '../../store/lazyModule';

export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? '0.0.0';
/** The fold's version (vite.config.ts): the database's snapshot of the state is read only when it is the same. */
const FOLD_VERSION: string = import.meta.env.VITE_FOLD_VERSION ?? APP_VERSION;

/** How often the clock ticks for open state, slots and the pickup-time check. */
const CLOCK_TICK_MS = 15_000;
/** A menu that could not be loaded while the browser says it is online is asked for again after 5 s, doubling to 1 min. */
const MENU_RETRY_FIRST_MS = 5_000;
const MENU_RETRY_LAST_MS = 60_000;

export interface Runtime {
  readonly config: Config;
  readonly api: ApiClient;
  readonly store: EventStore;
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
  readonly cardTokenizer: LazyModule<typeof import('../../api/payments/sandboxTokenizer')>;
  /** Hours, open state and pickup slots: after the first page, and on demand by the commands that need them. */
  readonly timeRules: LazyModule<TimeRules>;
  /** The command groups loaded with their first call (favorites, loyalty, gift cards, curbside, delivery). */
  readonly commandGroups: LazyCommandGroups;
  /** The offline worker's registration: after the first page, once the browser is idle. */
  readonly offlineWorker: LazyModule<typeof import('./offlineWorker')>;
}

export async function startStorefront(parts: StartupParts): Promise<Runtime> {
  // The business's look comes with its settings, from the host's content folder.
  linkThemeStylesheet(document, window.location.hostname, Date.now());
  const config = await loadConfig();
  const reportError = createErrorReporter({ ...(config.ErrorReportingDsn ? { dsn: config.ErrorReportingDsn } : {}) });
  const now = () => Date.now();
  let commandsRef: Commands | undefined;
  // A failed call support needs to see is recorded once the log is there (callFailure.ts); none can fail before.
  let recordFailure: (error: ApiError) => void = () => undefined;
  const reach = watchReachability(withEarlyCatalog(fetch.bind(window)));
  const api = createApiClient({
    onFailure: (error) => recordFailure(error),
    fetch: reach.fetch,
    baseUrl: config.ApiBasePath ?? '/api',
    clientId: config.ClientId,
    tokens: browserTokenStore(window.localStorage),
    reportError,
    onSignedOut: () => void commandsRef?.endSession(),
  });

  // The log's database (RxDB and Dexie, the first page's heaviest code) loads after the first page, unless this visit
  // must read it first: a first visit starts empty and a returning one from the copy the last visit saved
  // (store/paintSnapshot.ts); either writes to the database when it is there.
  // Its module's evaluation, the database and each collection are tasks of their own (see nextTask.ts).
  // A copy without the shopper's details paints at once only a guest's menu page (the home or a category), which
  // shows none of them; other pages read the database first, starting from the copy's events it does not hold yet.
  const visit = readVisitStart(window.localStorage, config.ClientId, APP_VERSION, /^\/(categories\/[^/]+)?$/.test(window.location.pathname));
  const readFirst = visit.kind === 'read' || (visit.kind === 'copy' && visit.readFirst);
  // A visit that does not read the log first (a first visit, or one from the copy) goes on in this page while the
  // database's code cannot be fetched offline, says so, and fetches it once the browser is back online (README,
  // "Installable and offline"). A visit that must read the log first cannot wait: it goes on in memory, warned.
  const logInPageOnly$ = new BehaviorSubject(false);
  const databaseCode = () =>
    import('../../store/browserDatabase').catch((error: unknown) => {
      if (!navigator.onLine) logInPageOnly$.next(true);
      throw error;
    });
  const openDatabase = (): Promise<AttachedDatabase> =>
    (readFirst ? databaseCode() : whenOnline(databaseCode)).then(async ({ openBrowserDatabase }) => {
      await nextTask();
      return openBrowserDatabase(`countertop-${config.ClientId}`, nextTask);
    });
  let firstPageUp: () => void = () => undefined;
  const database = readFirst ? openDatabase() : new Promise<void>((up) => (firstPageUp = up)).then(openDatabase);
  const store = openEventStoreLater(
    database,
    { appVersion: APP_VERSION, foldVersion: FOLD_VERSION, snapshotEvery: 200 },
    visit.kind === 'copy' ? visit.start : null,
  );
  if (readFirst) await store.attached;
  // Attached (or, failing, in memory with its own warning): the log no longer waits for the network.
  void store.attached.then(() => logInPageOnly$.next(false));
  const paintCopy = keepPaintCopy(
    { state$: store.state$, paintPoint: store.paintPoint, catalogText: (hash) => store.catalogs.text(hash) },
    window.localStorage,
    config.ClientId,
    APP_VERSION,
  );
  if (store.getState().bag.idempotencyKey === '') {
    await store.append(draft('SessionStarted', { idempotencyKey: newId(), appVersion: APP_VERSION }, { id: newId(), at: new Date(now()).toISOString() }));
  }
  /** A client event: what support needs, never something the shopper waits on, so a lost one is let go. */
  const recordClient = <T extends 'CallFailed' | 'DeviceSeen'>(type: T, data: EventDataOf<T>) =>
    void store.append(draft(type, data, { id: newId(), at: new Date(now()).toISOString() })).catch(() => undefined);
  recordFailure = (error) => {
    const failed = callFailureOf(error, navigator.onLine);
    if (failed) recordClient('CallFailed', failed);
  };
  const stopWatchingDevice = watchDevice((device) => recordClient('DeviceSeen', device));
  // Each step of start-up is a task of its own on a phone: settings and the log here, the commands and views next,
  // then the menu (see nextTask.ts).
  await nextTask();
  // The push-notification service config.json names; without one, triggers are recorded in the log.
  const pushUrl = config.PushServiceUrl?.trim();
  const push = pushUrl ? httpPush(pushUrl, fetch.bind(window), reportError) : undefined;
  const commands = createCommands(
    { store, api, config, now, newId, reportError, ...(push ? { push } : {}), rules: { time: parts.timeRules } },
    parts.commandGroups,
  );
  commandsRef = commands;
  // A session ended in another tab (Logout, a refused refresh) ends here too.
  const stopWatchingSession = watchSession(window, window.localStorage, () => void commandsRef?.endSession());

  const clock$ = new BehaviorSubject(now());
  const time$ = new BehaviorSubject<TimeRules | null>(parts.timeRules.ifLoaded());
  const views = createViews(store.state$, store.getState(), store.context, clock$, now(), time$, time$.getValue());

  await nextTask();

  // The auto-login attempt comes first; catalog, loyalty and the hub then start together. A menu that could not be
  // loaded (a returning guest without the network opens on the log's) is loaded again by itself, with the counts,
  // when the browser is back online (README, "Installable and offline").
  let menuMissed = false;
  const restoreAndLoad = async () => {
    await commands.restoreSession();
    const catalog = commands.loadCatalog();
    void commands.loadLoyaltyAvailability();
    const loaded = await catalog;
    menuMissed = E.isLeft(loaded);
    return loaded;
  };

  let hub: InventoryHubHandle | undefined;
  let stopped = false;
  // A returning guest's menu is already here: the log's state and the catalog snapshot it refers to. The page opens
  // on them at once, and the same calls, in the same order, bring them up to date behind it (a failure is reported
  // by the API client; the menu the shopper saw last stays). So does a signed-in shopper without a network: their
  // account, bag and orders as the log last knew them, the session checked when the network is back. A first visit,
  // a signed-in shopper online (whose session is checked first) and an order still in doubt (confirmed before
  // anything is shown) wait as before.
  const restored = store.getState();
  const canOpenLocal =
    restored.placement.unconfirmedKey === null && restored.catalog.hash !== null && store.context.catalog(restored.catalog.hash) !== undefined;
  const localFirst = (api.http.tokens.get() === null || !navigator.onLine) && canOpenLocal;
  // A menu missed while the browser says it is online (the API unreachable, or failing) is asked for again by itself,
  // later each time; offline, the browser's online event asks for it (onOnline).
  let menuRetry = 0;
  let retryIn = MENU_RETRY_FIRST_MS;
  const loadMenu = async () => {
    window.clearTimeout(menuRetry);
    const loaded = await restoreAndLoad();
    if (stopped) return;
    if (E.isRight(loaded)) {
      retryIn = MENU_RETRY_FIRST_MS;
      void commands.refreshInventory();
    } else if (navigator.onLine) {
      menuRetry = window.setTimeout(() => void loadMenu(), retryIn);
      retryIn = Math.min(retryIn * 2, MENU_RETRY_LAST_MS);
    }
  };
  let recoveredOrder: { readonly orderId: string } | null = null;
  if (localFirst) {
    void loadMenu();
  } else {
    const loaded = await restoreAndLoad();
    if (E.isLeft(loaded)) {
      // A signed-in shopper whose network fails while the browser still says it is online opens from the log as
      // offline (the banner says the store cannot be reached), and the menu is asked for again by itself. Any other
      // failure to open is the start-up error page.
      if (!(canOpenLocal && reach.unreachable())) throw new StartupError(loaded.left, 'catalog could not be loaded');
      menuRetry = window.setTimeout(() => void loadMenu(), retryIn);
      retryIn = Math.min(retryIn * 2, MENU_RETRY_LAST_MS);
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

  // The shopper's own orders still under way are followed on the same hub: the account's by its session, a guest's
  // by the keys of their orders. A read of their progress (which also renews a stale session) follows every
  // (re)connect, so nothing told while away is missed; it loads its commands only when there is something to read.
  const followed = (): OrdersToFollow | null => {
    const state = store.getState();
    const orders = ordersToFollow(state, now());
    const accessToken = state.account.profile === null ? null : (api.http.tokens.get()?.accessToken ?? null);
    if (orders.length === 0) return null;
    return { accessToken, guestKeys: orders.flatMap((record) => (record.guestKey === null ? [] : [record.guestKey])) };
  };
  // `after`: the hub is being told to follow; the read goes once it has been (see refreshOrderProgress).
  const refreshProgress = async (after?: Promise<unknown>) => {
    if (stopped || followed() === null) return;
    await commands.refreshOrderProgress(undefined, after ? { after } : {});
  };

  // The live inventory hub (SignalR, 15 KB gzip) connects once the first page is up rather
  // than beside the catalog: it competes with nothing the shopper waits for, and it subscribes with the location the
  // catalog chose or restored. Its failures go to error reporting and never block anything (ordering.md section 4).
  // Once subscribed, the counts are read again, so no change made while it connected is missed.
  /** The page is kept for Back (see onHide): the hub waits for it to be shown again. */
  let away = false;
  let hubWanted = false;
  const startHub = () =>
    parts.inventoryHub.load().then(
      ({ connectInventoryHub, inventoryHubUrl }) => {
        hubWanted = true;
        if (stopped || away || hub !== undefined) return;
        hub = connectInventoryHub({
          url: inventoryHubUrl(config),
          clientId: config.ClientId,
          getLocationId: () => store.getState().locationId,
          onInventoryUpdated: (update) => void commands.applyInventoryUpdate(update.locationId, update.variationId, update.count),
          // The session may have been renewed meanwhile (the read renews a stale one): the hub is told again after it.
          onReconnected: () => {
            void commands.refreshInventory();
            void refreshProgress().then(() => hub?.followOrders());
          },
          getOrdersToFollow: followed,
          onOrderStatusChanged: (update) => void commands.recordOrderProgress(update),
          reportError,
        });
        void hub.started.then((subscribed) => {
          if (!subscribed || stopped) return;
          void commands.refreshInventory();
          void refreshProgress();
        });
      },
      (error: unknown) => reportError({ call: 'InventoryHub/start', message: (error as Error).message }),
    );

  const subscriptions: Subscription[] = [];
  // Every location change tells the hub and re-reads the counts.
  subscriptions.push(
    store.state$
      .pipe(
        map((s) => s.locationId),
        distinctUntilChanged(),
        skip(1),
        filter((id): id is string => id !== null),
      )
      .subscribe((locationId) => {
        void hub?.setLocation(locationId);
        void commands.refreshInventory();
      }),
  );
  // A new order to follow (placed, or read with the account's history) or another session: the hub is told, then
  // the progress is read, so nothing the kitchen did before the hub knew whom to tell is missed. The read is asked
  // for at once (it waits for the hub), so the order's page, opening meanwhile, joins it rather than reading again.
  subscriptions.push(
    store.state$
      .pipe(
        map(
          (s) =>
            `${s.account.profile?.userId ?? ''}|${ordersToFollow(s, now())
              .map((record) => record.orderId)
              .join(',')}`,
        ),
        distinctUntilChanged(),
        skip(1),
      )
      .subscribe(() => {
        if (hub) void refreshProgress(hub.followOrders());
      }),
  );
  // Every cart change requests a fresh preview (ordering.md section 4); the answer is not used.
  subscriptions.push(
    store.state$
      .pipe(
        map((s) => s.bag),
        distinctUntilChanged(),
        skip(1),
        debounceTime(400),
      )
      .subscribe((bag) => {
        const locationId = store.getState().locationId;
        if (bag.lines.length === 0 || locationId === null) return;
        // A coupon or reward is the account's: the preview goes with the session's token when there is one.
        const signedIn = store.getState().account.profile !== null;
        // The answer is not used (ordering.md section 4); a failure is reported by the API client like any other.
        void api.orders.previewContextOrder(
          {
            idempotencyKey: bag.idempotencyKey,
            items: bag.lines.map(contextOrderLine),
            location: { Id: locationId },
            tipAmount: bag.tip.amount,
            source: 'Web',
            ...(bag.discount?.kind === 'coupon' ? { coupons: [{ Id: bag.discount.coupon.Id }] } : {}),
            ...(bag.discount?.kind === 'reward' ? { rewards: [{ Id: bag.discount.reward.Id }] } : {}),
          },
          signedIn,
        );
      }),
  );
  // The clock: open state and slots follow it; a chosen time it made invalid is moved by a command. The time rules
  // load once the first page is up (they are not needed to show it; see firstPage.ts), with the hub; then the pickup
  // time is checked at once.
  const tickNow = () => {
    clock$.next(now());
    if (time$.getValue()) void commands.keepPickupTimeValid();
  };
  const tick = window.setInterval(tickNow, CLOCK_TICK_MS);
  // The log's database a fixed moment after start-up, once the browser is idle too: its 60 KB do not compete with what
  // the first page still fetches, and it does not wait for the page to say it is up either. Until it is there the
  // log lives in memory, and a reload then keeps only what the copy for the next visit holds (written a moment after
  // each change): the sooner it is there, the smaller that window.
  const databaseTimer = window.setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(firstPageUp, { timeout: 1000 });
    else firstPageUp();
  }, AFTER_FIRST_PAGE_MS);
  const cancelAfterFirstPage = firstPage.after(() => {
    void startHub();
    // The offline worker never competes with the first page: its code, and the precache it fetches, come after it.
    const registerWorker = () =>
      void parts.offlineWorker.load().then(
        ({ startOfflineWorker }) => !stopped && startOfflineWorker(reportError),
        (error: unknown) => reportError({ call: 'offline worker', message: (error as Error).message }),
      );
    if ('requestIdleCallback' in window) window.requestIdleCallback(registerWorker, { timeout: 2000 });
    else registerWorker();
    void parts.timeRules.load().then(
      async (rules) => {
        // The location's zone is read first, in a task of its own (its first formatter loads the browser's zone
        // data), then the views that follow the clock recompute in another: together they were one long task. With
        // none chosen yet, the zones of the chooser's cards, which show today's hours.
        await nextTask();
        if (stopped) return;
        const chosen = views.location.get();
        const zones = new Set((chosen ? [chosen] : views.locations.get()).map((shown) => shown.location.Timezone));
        for (const zone of zones) rules.zoneOffsets(zone, now(), now());
        window.setTimeout(() => {
          if (stopped) return;
          time$.next(rules);
          void commands.keepPickupTimeValid();
        }, 0);
      },
      (error: unknown) => reportError({ call: 'time rules', message: (error as Error).message }),
    );
  });
  // Developers (and the browser tests' setup) can reach the commands from the console after opting in:
  // localStorage['countertop.debug'] = '1'. Nothing here is more than the pages themselves can do.
  if (window.localStorage.getItem('countertop.debug') === '1') {
    (window as unknown as { countertop: unknown }).countertop = {
      commands,
      views,
      state: () => store.getState(),
      saved: () => store.saved(),
      sessionLog: async (redact = false) => (await parts.sessionLog.load()).sessionLogText(store, APP_VERSION, redact, now()),
    };
  }
  // Leaving the page (or hiding it, which on a phone may be the last moment) writes a snapshot, so the next start
  // folds only what came after, and the copy the next visit paints first. A page the browser keeps for Back
  // (persisted) lets go of the hub and the database, which would keep it out of that cache or evict it from there,
  // and takes them again when shown: the hub reconnects, and the stock and the orders' progress are read again as
  // after any reconnect; the database is read for what other tabs appended meanwhile.
  let databaseLetGo = false;
  const onHide = (event: Event) => {
    void paintCopy.write();
    // A page kept for Back writes nothing more to the database: a write would open it again under a frozen page.
    if (!(event as PageTransitionEvent).persisted) {
      void store.snapshot();
      return;
    }
    away = true;
    databaseLetGo = store.letGo();
    const leaving = hub;
    hub = undefined;
    void leaving?.stop();
  };
  const onShow = (event: PageTransitionEvent) => {
    if (!event.persisted || stopped) return;
    away = false;
    if (databaseLetGo) void store.comeBack(openDatabase());
    databaseLetGo = false;
    tickNow();
    if (hubWanted) void startHub();
  };
  // A tab shown again reads the clock at once: a hidden tab's timers are slowed (to once a minute in Chromium), and a
  // shopper coming back after a while should see whether the store is open now, not up to a tick later.
  const onVisibility = (event: Event) => {
    if (document.visibilityState === 'hidden') onHide(event);
    else if (!stopped && !away) tickNow();
  };
  window.addEventListener('pagehide', onHide);
  window.addEventListener('pageshow', onShow);
  document.addEventListener('visibilitychange', onVisibility);

  return {
    config,
    api,
    store,
    commands,
    views,
    // The card tokenizer (and its codecs) loads with the first card entered, not with the first page.
    tokenizer: { tokenize: async (card) => (await parts.cardTokenizer.load()).createSandboxTokenizer().tokenize(card) },
    reportError,
    now,
    recoveredOrder,
    connection: { unreachable$: reach.unreachable$, logInPageOnly$: logInPageOnly$.asObservable() },
    async stop() {
      stopped = true;
      window.clearTimeout(menuRetry);
      stopWatchingSession();
      stopWatchingDevice();
      window.clearInterval(tick);
      cancelAfterFirstPage();
      window.clearTimeout(databaseTimer);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
      paintCopy.stop();
      subscriptions.forEach((s) => s.unsubscribe());
      views.stop();
      await hub?.stop();
      await store.close();
    },
  };
}

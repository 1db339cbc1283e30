// The effects that keep the log in step with the world once the storefront is up: the live inventory hub and the
// orders it follows, what the log's changes ask of the API (counts, progress, the preview), the clock and the time
// rules, what loads after the first page, and the page being hidden, kept for Back and shown again.
import { debounceTime, distinctUntilChanged, filter, map, skip, type BehaviorSubject, type Subscription } from 'rxjs';
import type { ApiClient } from '../../api/apiClient';
import type { ReportError } from '../../api/errorReporter';
import type { InventoryHubHandle, OrdersToFollow } from '../../api/hub/inventoryHub';
import { contextOrderLine } from '../../api/orderPayloads';
import type { Commands } from '../../commands/commands';
import type { CommandRules } from '../../commands/services';
import type { Config } from '../../domain/config';
import { ordersToFollow } from '../../events/selectors/progress';
import type { TimeRules } from '../../events/timeRules';
import type { LazyModule } from '../../store/lazyModule';
import type { StorefrontViews } from '../../store/views';
import { keepBagHint } from './bagHint';
import { AFTER_FIRST_PAGE_MS, firstPage } from './firstPage';
import { nextTask } from './nextTask';
import type { VisitLog } from './visitLog';

/** How often the clock ticks for open state, slots and the pickup-time check. */
const CLOCK_TICK_MS = 15_000;

/** What the effects work with, all made by start-up before them. */
export interface EffectsInput {
  readonly config: Config;
  readonly log: VisitLog;
  readonly api: ApiClient;
  readonly commands: Commands;
  readonly views: StorefrontViews;
  readonly reportError: ReportError;
  readonly now: () => number;
  readonly clock$: BehaviorSubject<number>;
  readonly time$: BehaviorSubject<TimeRules | null>;
  readonly parts: {
    readonly inventoryHub: LazyModule<typeof import('../../api/hub/inventoryHub')>;
    readonly offlineWorker: LazyModule<typeof import('./offlineWorker')>;
    /** What the offline worker waits for besides the first page (the parts fetched in the background). */
    readonly offlineWorkerAfter?: Promise<void>;
    /** The time rules among the commands' rule bundles: fetched once the first page is up. */
    readonly rules: Pick<CommandRules, 'time'>;
  };
}

/** Whether the storefront was stopped and whether its page is kept for Back: read by every effect. */
interface Lifetime {
  stopped: boolean;
  /** The page is kept for Back (see onHide): the hub waits for it to be shown again. */
  away: boolean;
}

/** The hub, once wanted: started after the first page, stopped while the page is kept for Back. */
interface HubLink {
  readonly start: () => Promise<void>;
  readonly leave: () => void;
  readonly current: () => InventoryHubHandle | undefined;
  readonly wanted: () => boolean;
  /** Reads the orders' progress when there is something to follow; `after`: the hub is being told to follow. */
  readonly refreshProgress: (after?: Promise<unknown>) => Promise<void>;
}

/** Starts every effect; the answer stops them (the hub last). */
export function startEffects(input: EffectsInput): () => Promise<void> {
  const life: Lifetime = { stopped: false, away: false };
  const hub = hubLink(input, life);
  const subscriptions = followTheLog(input, hub);
  const tickNow = () => {
    input.clock$.next(input.now());
    if (input.time$.getValue()) void input.commands.keepPickupTimeValid();
  };
  const tick = window.setInterval(tickNow, CLOCK_TICK_MS);
  const cancelAfterFirstPage = afterFirstPage(input, life, hub);
  const stopWatchingPage = watchPage(input, life, hub, tickNow);
  return async () => {
    life.stopped = true;
    window.clearInterval(tick);
    cancelAfterFirstPage();
    stopWatchingPage();
    input.log.paintCopy.stop();
    subscriptions.forEach((s) => s.unsubscribe());
    input.views.stop();
    await hub.current()?.stop();
  };
}

/**
 * The live inventory hub (SignalR, 15 KB gzip) connects once the first page is up rather than beside the catalog: it
 * competes with nothing the shopper waits for, and it subscribes with the location the catalog chose or restored. Its
 * failures go to error reporting and never block anything (ordering.md section 4). Once subscribed, the counts are
 * read again, so no change made while it connected is missed. The shopper's own orders still under way are followed on
 * the same hub: the account's by its session, a guest's by the keys of their orders. A read of their progress (which
 * also renews a stale session) follows every (re)connect, so nothing told while away is missed; it loads its commands
 * only when there is something to read.
 */
function hubLink({ config, log: { store }, api, commands, reportError, now, parts }: EffectsInput, life: Lifetime): HubLink {
  let hub: InventoryHubHandle | undefined;
  let hubWanted = false;
  const followed = (): OrdersToFollow | null => {
    const state = store.getState();
    const orders = ordersToFollow(state, now());
    const accessToken = state.account.profile === null ? null : (api.http.tokens.get()?.accessToken ?? null);
    if (orders.length === 0) return null;
    return { accessToken, guestKeys: orders.flatMap((record) => (record.guestKey === null ? [] : [record.guestKey])) };
  };
  const refreshProgress = async (after?: Promise<unknown>) => {
    if (life.stopped || followed() === null) return;
    await commands.refreshOrderProgress(undefined, after ? { after } : {});
  };
  const start = () =>
    parts.inventoryHub.load().then(
      ({ connectInventoryHub, inventoryHubUrl }) => {
        hubWanted = true;
        if (life.stopped || life.away || hub !== undefined) return;
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
          if (!subscribed || life.stopped) return;
          void commands.refreshInventory();
          void refreshProgress();
        });
      },
      (error: unknown) => reportError({ call: 'InventoryHub/start', message: (error as Error).message }),
    );
  const leave = () => {
    const leaving = hub;
    hub = undefined;
    void leaving?.stop();
  };
  return { start, leave, current: () => hub, wanted: () => hubWanted, refreshProgress };
}

/** What the log's changes ask of the hub and the API: counts on a new location, progress on new orders, a preview. */
function followTheLog({ log: { store }, api, commands, now }: EffectsInput, hub: HubLink): Subscription[] {
  // Every location change tells the hub and re-reads the counts.
  const location = store.state$
    .pipe(
      map((s) => s.locationId),
      distinctUntilChanged(),
      skip(1),
      filter((id): id is string => id !== null),
    )
    .subscribe((locationId) => {
      void hub.current()?.setLocation(locationId);
      void commands.refreshInventory();
    });
  // A new order to follow (placed, or read with the account's history) or another session: the hub is told, then
  // the progress is read, so nothing the kitchen did before the hub knew whom to tell is missed. The read is asked
  // for at once (it waits for the hub), so the order's page, opening meanwhile, joins it rather than reading again.
  const orders = store.state$
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
      const current = hub.current();
      if (current) void hub.refreshProgress(current.followOrders());
    });
  // Every cart change requests a fresh preview (ordering.md section 4); the answer is not used.
  const preview = store.state$
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
    });
  // For the next visit's index.html: checkout's form is asked for with the page only when the bag has items.
  const bagHint = keepBagHint(store.state$.pipe(map((s) => s.bag.lines.length > 0)), () => window.localStorage);
  return [location, orders, preview, bagHint];
}

/**
 * What waits for the first page: the log's database a fixed moment after start-up, once the browser is idle too (its
 * 60 KB do not compete with what the first page still fetches, and it does not wait for the page to say it is up
 * either; until it is there the log lives in memory, and a reload then keeps only what the copy for the next visit
 * holds, written a moment after each change: the sooner it is there, the smaller that window); once the page is up, the
 * hub, the time rules and, once the parts fetched in the background are in, the offline worker. Answers a function that
 * cancels what has not started.
 */
function afterFirstPage(input: EffectsInput, life: Lifetime, hub: HubLink): () => void {
  const { log, reportError, parts } = input;
  const databaseTimer = window.setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(log.firstPageUp, { timeout: 1000 });
    else log.firstPageUp();
  }, AFTER_FIRST_PAGE_MS);
  const cancelAfterFirstPage = firstPage.after(() => {
    void hub.start();
    // The offline worker never competes with the first page, nor with the parts fetched after it: its code, and the
    // precache it fetches, come after them.
    const registerWorker = () =>
      void parts.offlineWorker.load().then(
        ({ startOfflineWorker }) => !life.stopped && startOfflineWorker(reportError),
        (error: unknown) => reportError({ call: 'offline worker', message: (error as Error).message }),
      );
    void (parts.offlineWorkerAfter ?? Promise.resolve()).then(() => {
      if (life.stopped) return;
      if ('requestIdleCallback' in window) window.requestIdleCallback(registerWorker, { timeout: 2000 });
      else registerWorker();
    });
    void parts.rules.time.load().then(
      (rules) => timeRulesArrived(input, life, rules),
      (error: unknown) => reportError({ call: 'time rules', message: (error as Error).message }),
    );
  });
  return () => {
    cancelAfterFirstPage();
    window.clearTimeout(databaseTimer);
  };
}

/**
 * The time rules are in: the clock's views use them, and the pickup time is checked at once. The location's zone is
 * read first, in a task of its own (its first formatter loads the browser's zone data), then the views that follow the
 * clock recompute in another: together they were one long task. With none chosen yet, the zones of the chooser's
 * cards, which show today's hours.
 */
async function timeRulesArrived({ views, now, time$, commands }: EffectsInput, life: Lifetime, rules: TimeRules): Promise<void> {
  await nextTask();
  if (life.stopped) return;
  const chosen = views.location.get();
  const zones = new Set((chosen ? [chosen] : views.locations.get()).map((shown) => shown.location.Timezone));
  for (const zone of zones) rules.zoneOffsets(zone, now(), now());
  window.setTimeout(() => {
    if (life.stopped) return;
    time$.next(rules);
    void commands.keepPickupTimeValid();
  }, 0);
}

/**
 * Leaving the page (or hiding it, which on a phone may be the last moment) writes a snapshot, so the next start folds
 * only what came after, and the copy the next visit paints first. A page the browser keeps for Back (persisted) lets
 * go of the hub and the database, which would keep it out of that cache or evict it from there, and takes them again
 * when shown: the hub reconnects, and the stock and the orders' progress are read again as after any reconnect; the
 * database is read for what other tabs appended meanwhile. A tab shown again reads the clock at once: a hidden tab's
 * timers are slowed (to once a minute in Chromium), and a shopper coming back after a while should see whether the
 * store is open now, not up to a tick later. Answers a function that stops watching.
 */
function watchPage({ log }: EffectsInput, life: Lifetime, hub: HubLink, tickNow: () => void): () => void {
  let databaseLetGo = false;
  const onHide = (event: Event) => {
    void log.paintCopy.write();
    // A page kept for Back writes nothing more to the database: a write would open it again under a frozen page.
    if (!(event as PageTransitionEvent).persisted) {
      void log.store.snapshot();
      return;
    }
    life.away = true;
    databaseLetGo = log.store.letGo();
    hub.leave();
  };
  const onShow = (event: PageTransitionEvent) => {
    if (!event.persisted || life.stopped) return;
    life.away = false;
    if (databaseLetGo) void log.store.comeBack(log.openDatabase());
    databaseLetGo = false;
    tickNow();
    if (hub.wanted()) void hub.start();
  };
  const onVisibility = (event: Event) => {
    if (document.visibilityState === 'hidden') onHide(event);
    else if (!life.stopped && !life.away) tickNow();
  };
  window.addEventListener('pagehide', onHide);
  window.addEventListener('pageshow', onShow);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', onHide);
    window.removeEventListener('pageshow', onShow);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

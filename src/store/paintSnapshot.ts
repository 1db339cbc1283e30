// What the next visit paints first: the state the log had reached, with its catalog, saved in localStorage (read
// synchronously, with no database code loaded). It says where the database's part of the log ends, and carries the
// events folded after that which the database did not have yet (a page left in its first second, before its
// database was there), so none is lost. The store checks it against the database when that arrives (./eventStore):
// a stale copy costs a repaint, never an event.
//
// The entry also says a log exists: without it the visit is a first one and starts empty at once. An order in doubt
// (sent without an answer yet) replaces the copy with a marker, so the visit after a reload during Place Order reads
// the database before anything is shown and asks the API about that order first, as it always has. While the copy
// carries events the database does not hold, the copy stays instead (they have no other copy), and the next visit
// still reads the database first: it writes them there, then asks about the order.
//
// The copy's state never holds a shopper's personal details (the fields the events declare personal: names, emails,
// phones, addresses, a vehicle and its note, a card's billing address, the distance to an address). They are left out, and
// the copy says so (`partial`); the store then rebuilds the state from the database when that arrives, so they come
// back from the log. A guest's partial copy paints a menu page (the home or a category, which show none of them) at
// once; any other page, and every page of a signed-in shopper (named throughout), waits for the database first, as
// it would without a copy, but still starts from the copy's events the database does not hold. Those are kept whole
// until it does (they are the only copy), then the copy is written again without them.
import type { Observable } from 'rxjs';
import { STATE_VERSION, type State } from '../events/state';
import type { PaintPoint, StartPoint } from './eventStore';

/** The little of Web Storage this needs (localStorage in the browser, a Map in tests). */
export interface PaintStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** How a visit starts: empty (no log on this device), from the saved copy, or by reading the database first. */
export type VisitStart =
  | { readonly kind: 'first' }
  /** `readFirst`: the copy lacks details this page may show: attach the database before showing anything. */
  | { readonly kind: 'copy'; readonly start: StartPoint; readonly readFirst: boolean }
  | { readonly kind: 'read' };

interface SavedCopy extends PaintPoint {
  readonly appVersion: string;
  readonly stateVersion: number;
  /** Personal details were left out of `state`: the database's log restores them. */
  readonly partial?: true;
  /** The shopper was signed in: every page waits for the database. */
  readonly named?: true;
}

/**
 * The state without the shopper's personal details, whether anything was left out, and whether it named a signed-in
 * shopper. Personal here is what the events declare personal (src/events/facts/*).
 */
export function withoutPersonal(state: State): { readonly state: State; readonly partial: boolean; readonly named: boolean } {
  const { account, checkout, orders } = state;
  const named = account.profile !== null;
  const hasBilling = (card: { readonly billing?: unknown } | null) => card?.billing !== undefined && card.billing !== null;
  const partial =
    named ||
    checkout.guest !== null ||
    checkout.vehicle !== null ||
    hasBilling(checkout.transientCard) ||
    account.savedCards.some(hasBilling) ||
    account.addresses.length > 0 ||
    account.deliveryQuote !== null ||
    orders.history.some((record) => record.order?.DeliveryAddress !== undefined || record.order?.VehicleDetails !== undefined);
  if (!partial) return { state, partial: false, named };
  const card = <C extends { readonly billing?: unknown }>(c: C): C => (hasBilling(c) ? { ...c, billing: null } : c);
  return {
    partial: true,
    named,
    state: {
      ...state,
      account: {
        ...account,
        profile: null,
        savedCards: account.savedCards.map(card),
        addresses: [],
        selectedAddressId: null,
        deliveryQuote: null,
      },
      checkout: {
        ...checkout,
        guest: null,
        vehicle: null,
        transientCard: checkout.transientCard === null ? null : card(checkout.transientCard),
      },
      orders: {
        ...orders,
        history: orders.history.map((record) => {
          if (record.order?.DeliveryAddress === undefined && record.order?.VehicleDetails === undefined) return record;
          const { DeliveryAddress: _address, VehicleDetails: _vehicle, ...order } = record.order;
          return { ...record, order };
        }),
      },
    },
  };
}

const stateKey = (clientId: string) => `countertop.paint.${clientId}`;
const catalogKey = (clientId: string) => `countertop.paint-catalog.${clientId}`;
/** Stored instead of a copy while the log must be read first. */
const READ_FIRST = '"read"';

/** How long the copy waits after a change before it is written (changes come in bursts). */
export const WRITE_AFTER_MS = 1000;

/**
 * How this visit starts. `menuPage`: the address is one that shows no personal detail (the home or a category), the
 * only pages a copy without them may start.
 */
export function readVisitStart(storage: PaintStorage, clientId: string, appVersion: string, menuPage = true): VisitStart {
  let text: string | null;
  try {
    text = storage.getItem(stateKey(clientId));
  } catch {
    return { kind: 'read' };
  }
  if (text === null) return { kind: 'first' };
  try {
    const copy = JSON.parse(text) as SavedCopy | 'read';
    if (copy === 'read' || copy.appVersion !== appVersion || copy.stateVersion !== STATE_VERSION) return { kind: 'read' };
    const { state, savedSeq, savedId, unsaved } = copy;
    if (state.log.lastSeq !== savedSeq + unsaved.length) return { kind: 'read' };
    // An order in doubt is settled before anything is shown: the database first (these events are written to it).
    if (state.placement.unconfirmedKey !== null && unsaved.length === 0) return { kind: 'read' };
    const readFirst = state.placement.unconfirmedKey !== null || (copy.partial === true && (copy.named === true || !menuPage));
    const point = { state, savedSeq, savedId, unsaved, ...(copy.partial === true ? { partial: true as const } : {}) };
    const hash = state.catalog.hash;
    if (hash === null) return { kind: 'copy', start: { ...point, catalog: null }, readFirst };
    const catalog = JSON.parse(storage.getItem(catalogKey(clientId)) ?? 'null') as { hash: string; text: string } | null;
    if (catalog?.hash !== hash) return { kind: 'read' };
    return { kind: 'copy', start: { ...point, catalog }, readFirst };
  } catch {
    return { kind: 'read' };
  }
}

export interface PaintSource {
  readonly state$: Observable<State>;
  paintPoint(): PaintPoint | null;
  catalogText(hash: string): Promise<string | undefined>;
}

/**
 * Keeps the copy for the next visit: written a moment after changes (at once while it carries events the database does
 * not hold), and at once when the page is hidden; replaced by the read-first marker the moment an order is in doubt
 * (unless it carries such events: then kept, saying the order is in doubt).
 * Answers `write` (for the page being hidden) and `stop`.
 */
export function keepPaintCopy(source: PaintSource, storage: PaintStorage, clientId: string, appVersion: string): { write(): Promise<void>; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** A write is queued for the end of this task. */
  let writingNow = false;
  /** The catalog whose text is in storage now. */
  let catalogWritten: string | null = null;
  /** The copy in storage carries events the database did not hold then (and their details): replaced at once. */
  let unsavedWritten = false;
  const attempt = (work: () => void) => {
    try {
      work();
    } catch {
      // A full storage: the next visit reads the database, as it would without the copy (the copy's room is freed
      // for the marker; without even that, the next visit starts as a first one and the database's log still wins).
      storage.removeItem(stateKey(clientId));
      storage.removeItem(catalogKey(clientId));
      catalogWritten = null;
      try {
        storage.setItem(stateKey(clientId), READ_FIRST);
      } catch {
        /* nothing more to free */
      }
    }
  };
  const write = async () => {
    clearTimeout(timer);
    const hash = source.paintPoint()?.state.catalog.hash ?? null;
    if (hash !== null && hash !== catalogWritten) {
      const text = await source.catalogText(hash);
      if (text === undefined) return;
      attempt(() => storage.setItem(catalogKey(clientId), JSON.stringify({ hash, text })));
      catalogWritten = hash;
    }
    // Read after the wait: an order may have gone into doubt meanwhile. An order in doubt leaves the marker, unless
    // the copy carries events the database does not hold yet: those stay, and the next visit reads first all the same.
    const point = source.paintPoint();
    if (point === null || point.state.catalog.hash !== hash) return;
    if (point.state.placement.unconfirmedKey !== null && point.unsaved.length === 0) {
      attempt(() => storage.setItem(stateKey(clientId), READ_FIRST));
      unsavedWritten = false;
      return;
    }
    const kept = withoutPersonal(point.state);
    const copy: SavedCopy = {
      appVersion,
      stateVersion: STATE_VERSION,
      ...point,
      state: kept.state,
      ...(kept.partial || point.partial === true ? { partial: true as const } : {}),
      ...(kept.named || point.named === true ? { named: true as const } : {}),
    };
    attempt(() => storage.setItem(stateKey(clientId), JSON.stringify(copy)));
    unsavedWritten = point.unsaved.length > 0;
  };
  // From the first visit's first moment the device has a log: a reload before the copy is written reads it.
  attempt(() => {
    if (storage.getItem(stateKey(clientId)) === null) storage.setItem(stateKey(clientId), READ_FIRST);
  });
  const subscription = source.state$.subscribe((state) => {
    clearTimeout(timer);
    if (state.placement.unconfirmedKey !== null && !source.paintPoint()?.unsaved.length) {
      // Before the order is sent (the command waits for the log to be saved, which comes after this).
      attempt(() => storage.setItem(stateKey(clientId), READ_FIRST));
      unsavedWritten = false;
      return;
    }
    // Events the database does not hold yet have no other copy: they are written before anything else can happen (a
    // reload, a tab the phone closes without a word), once for a burst of appends. The rest waits a moment.
    if (source.paintPoint()?.unsaved.length || unsavedWritten) {
      if (!writingNow) {
        writingNow = true;
        queueMicrotask(() => {
          writingNow = false;
          void write();
        });
      }
    } else timer = setTimeout(() => void write(), WRITE_AFTER_MS);
  });
  return {
    write,
    stop() {
      clearTimeout(timer);
      subscription.unsubscribe();
    },
  };
}

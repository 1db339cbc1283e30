// The log of this visit: when its database loads (after the first page, unless the visit must read it first), where the
// store starts (empty, or the copy the last visit saved), and the copy this visit keeps for the next one.
import { BehaviorSubject } from 'rxjs';
import { draft } from '../../events/draft';
import { openEventStoreLater, type AttachedDatabase, type EventStore } from '../../store/eventStore';
import { keepPaintCopy, readVisitStart } from '../../store/paintSnapshot';
import { nextTask } from './nextTask';
import { whenOnline } from './whenOnline';

export interface VisitLog {
  readonly store: EventStore & { readonly attached: Promise<void> };
  /** Opens the log's database (at start-up, and again when a page kept for Back is shown). */
  readonly openDatabase: () => Promise<AttachedDatabase>;
  /** The first page is up: a visit that did not read the database first may load it now. */
  readonly firstPageUp: () => void;
  /** The log is kept in this page alone (see Connection.logInPageOnly$). */
  readonly logInPageOnly$: BehaviorSubject<boolean>;
  readonly paintCopy: ReturnType<typeof keepPaintCopy>;
}

/** Opens the visit's log (reading the database first when the visit must) and starts the session when it is new. */
export async function openVisitLog(clientId: string, appVersion: string, foldVersion: string, newId: () => string, now: () => number): Promise<VisitLog> {
  // The log's database (RxDB and Dexie, the first page's heaviest code) loads after the first page, unless this visit
  // must read it first: a first visit starts empty and a returning one from the copy the last visit saved
  // (store/paintSnapshot.ts); either writes to the database when it is there.
  // Its module's evaluation, the database and each collection are tasks of their own (see nextTask.ts).
  // A copy without the shopper's details paints at once only a guest's menu page (the home or a category), which
  // shows none of them; other pages read the database first, starting from the copy's events it does not hold yet.
  const visit = readVisitStart(window.localStorage, clientId, appVersion, /^\/(categories\/[^/]+)?$/.test(window.location.pathname));
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
      return openBrowserDatabase(`countertop-${clientId}`, nextTask);
    });
  let firstPageUp: () => void = () => undefined;
  const database = readFirst ? openDatabase() : new Promise<void>((up) => (firstPageUp = up)).then(openDatabase);
  const store = openEventStoreLater(database, { appVersion, foldVersion, snapshotEvery: 200 }, visit.kind === 'copy' ? visit.start : null);
  if (readFirst) await store.attached;
  // Attached (or, failing, in memory with its own warning): the log no longer waits for the network.
  void store.attached.then(() => logInPageOnly$.next(false));
  const paintCopy = keepPaintCopy(
    { state$: store.state$, paintPoint: store.paintPoint, catalogText: (hash) => store.catalogs.text(hash) },
    window.localStorage,
    clientId,
    appVersion,
  );
  if (store.getState().bag.idempotencyKey === '') {
    await store.append(draft('SessionStarted', { idempotencyKey: newId(), appVersion }, { id: newId(), at: new Date(now()).toISOString() }));
  }
  return { store, openDatabase, firstPageUp: () => firstPageUp(), logInPageOnly$, paintCopy };
}

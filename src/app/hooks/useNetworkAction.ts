// A button outside a form whose press calls the API waits for the network as a form does (useForm's
// `waitsForNetwork`; README, "Installable and offline"), with one of two behaviours:
//
//   const remove = useNetworkAction({ waits: CARD_REMOVE_WAITS, run: (card: CardSummary) => commands.removeCard(card) });
//   <button onClick={() => remove.press(card)} aria-busy={remove.busy || undefined}>Remove</button>
//
// - `waits`: pressed offline it sends nothing and says so ('You’re offline: ... when you’re back online.'); once the
//   browser is back online the press goes on by itself, exactly once, with what was pressed last (a second press
//   while it waits is the same press). A call that failed because the network went on its way waits the same way.
// - `needs`: where going on later would surprise the shopper (money moving while they look elsewhere), a press made
//   offline is refused with words saying it needs the network, and nothing is lost: what they chose stays on screen.
//
// `tryOffline`: the command needs only the log, but its code may not be on this device yet (a first visit, before the
// offline worker kept the build): it is tried at once, and waits only if it failed without the network.
//
// A failure with a network is said as an error toast (or by `onFailure`); what the press did on success is `run`'s to
// say.
import * as E from 'fp-ts/lib/Either.js';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../shell/notify';
import { useOnline } from './useOnline';

type Behaviour = { readonly waits: string; readonly needs?: never } | { readonly needs: string; readonly waits?: never };

export type NetworkActionOptions<A extends readonly unknown[]> = Behaviour & {
  readonly run: (...args: A) => Promise<E.Either<string, unknown>>;
  readonly tryOffline?: boolean | ((...args: A) => boolean);
  /** Says a failure with a network (an error toast unless given); called with null when a press starts. */
  readonly onFailure?: (message: string | null) => void;
};

export interface NetworkAction<A extends readonly unknown[]> {
  /** Presses the button: runs now, or (offline) waits or refuses as the options say. */
  readonly press: (...args: A) => void;
  /** Running, or waiting for the network. */
  readonly busy: boolean;
  /** The press waiting for the network, if any (its arguments). */
  readonly waiting: A | null;
}

const offline = () => typeof navigator !== 'undefined' && !navigator.onLine;

export function useNetworkAction<A extends readonly unknown[]>(options: NetworkActionOptions<A>): NetworkAction<A> {
  const latest = useRef(options);
  latest.current = options;
  const online = useOnline();
  const [waiting, setWaiting] = useState<A | null>(null);
  const [running, setRunning] = useState(false);
  const inFlight = useRef(false);

  /** Without the network: keep the press (waits) or refuse it (needs), and say which. */
  const withoutNetwork = (args: A) => {
    const { waits, needs } = latest.current;
    if (waits !== undefined) {
      setWaiting(() => args);
      notify.warning(waits);
    } else notify.warning(needs!);
  };

  const go = async (args: A) => {
    // A press ends any wait before it runs (or waits anew, below): the one kept is the last.
    setWaiting(null);
    if (inFlight.current) return;
    const { tryOffline = false } = latest.current;
    if (offline() && !(typeof tryOffline === 'function' ? tryOffline(...args) : tryOffline)) return withoutNetwork(args);
    inFlight.current = true;
    setRunning(true);
    latest.current.onFailure?.(null);
    let failure: string | null = null;
    try {
      const result = await latest.current.run(...args);
      if (E.isLeft(result)) failure = result.left;
    } catch (error) {
      // Only code that could not be fetched throws here (a command answers its failures as values).
      failure = error instanceof Error ? error.message : String(error);
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
    if (failure === null) return;
    if (offline()) withoutNetwork(args);
    else if (latest.current.onFailure) latest.current.onFailure(failure);
    else notify.error(failure);
  };
  const goLater = useRef(go);
  goLater.current = go;

  // The network is back: the press that waited goes on, once (it ends the wait before it runs).
  useEffect(() => {
    if (waiting !== null && online) void goLater.current(waiting);
  }, [waiting, online]);

  return {
    press: (...args: A) => void go(args),
    busy: running || waiting !== null,
    waiting,
  };
}

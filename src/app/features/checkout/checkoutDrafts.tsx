// What checkout's forms hold but have not saved yet, so 'Place Order' can save it first: a curbside vehicle, Personal
// Info typed in full, a card's billing address filled in. A form offers a draft while it is open; 'Place Order' counts a complete draft as
// given (the button does not wait for 'Continue' or 'Use This Card'), and when pressed saves every draft, in the
// blocks' order, before it places the order. A draft that cannot be saved (a rule fails, the card is not registered)
// stops the order there, with its form showing why and keeping what was typed.
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Blocker } from '../../../events/selectors/checkout';

export type DraftName = 'vehicle' | 'guest' | 'card';

export interface Draft {
  /** The Place Order condition the saved draft meets. */
  readonly covers: Blocker;
  /** Every field filled in and valid: saving it should meet the condition. */
  readonly complete: boolean;
  /** Saves it; true when saved (or nothing was left to save), false when its form now shows why not. */
  readonly save: () => Promise<boolean>;
}

/** The blocks' order: fulfillment (its vehicle), Personal Info, then the card (ordering.md section 2). */
const ORDER: readonly DraftName[] = ['vehicle', 'guest', 'card'];

export interface CheckoutDrafts {
  offer(name: DraftName, draft: Draft | null): void;
  /** The conditions complete drafts will meet once saved. */
  covered(): readonly Blocker[];
  /** Saves every draft in order; stops at the first that cannot be saved. */
  saveAll(): Promise<boolean>;
  /** A press while `open` conditions are unmet: the first incomplete draft that would meet one shows what it lacks. */
  explain(open: readonly Blocker[]): Promise<void>;
  /** True from a press of 'Place Order' until that attempt has ended: forms keep still meanwhile. */
  placing(): boolean;
  setPlacing(placing: boolean): void;
  /** Runs `then` once the press being carried out has ended (at once when there is none). */
  afterPlacing(then: () => void): void;
  subscribe(listener: () => void): () => void;
}

export function checkoutDrafts(): CheckoutDrafts {
  const drafts = new Map<DraftName, Draft>();
  const listeners = new Set<() => void>();
  let covered: readonly Blocker[] = [];
  let placing = false;
  let waiting: (() => void)[] = [];
  const changed = () => {
    const next = ORDER.flatMap((name) => {
      const draft = drafts.get(name);
      return draft?.complete ? [draft.covers] : [];
    });
    if (next.length !== covered.length || next.some((b, i) => b !== covered[i])) covered = next;
    listeners.forEach((listener) => listener());
  };
  return {
    offer(name, draft) {
      if (draft === null) drafts.delete(name);
      else drafts.set(name, draft);
      changed();
    },
    covered: () => covered,
    async saveAll() {
      for (const name of ORDER) {
        const draft = drafts.get(name);
        if (draft && !(await draft.save())) return false;
      }
      return true;
    },
    async explain(open) {
      const draft = ORDER.map((name) => drafts.get(name)).find((d) => d !== undefined && !d.complete && open.includes(d.covers));
      // Its save refuses, as the form's own button would: the messages shown and the first field to fix focused.
      if (draft) await draft.save();
    },
    placing: () => placing,
    setPlacing(next) {
      if (placing === next) return;
      placing = next;
      changed();
      if (placing) return;
      const run = waiting;
      waiting = [];
      run.forEach((then) => then());
    },
    afterPlacing(then) {
      if (placing) waiting.push(then);
      else then();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const DraftsContext = createContext<CheckoutDrafts | null>(null);

export function CheckoutDraftsProvider({ children }: { readonly children: ReactNode }) {
  const [drafts] = useState(checkoutDrafts);
  return <DraftsContext.Provider value={drafts}>{children}</DraftsContext.Provider>;
}

/** Checkout's drafts; outside checkout (a test rendering one block), a private set nobody reads. */
export function useCheckoutDrafts(): CheckoutDrafts {
  const shared = useContext(DraftsContext);
  const [own] = useState(checkoutDrafts);
  return shared ?? own;
}

/** Offers this form's draft while it is shown (null: nothing to offer). */
export function useOfferDraft(name: DraftName, draft: Draft | null): void {
  const drafts = useCheckoutDrafts();
  useEffect(() => {
    drafts.offer(name, draft);
  }, [drafts, name, draft]);
  useEffect(() => () => drafts.offer(name, null), [drafts, name]);
}

/** The conditions complete drafts meet, re-read as forms change. */
export function useCoveredBlockers(): readonly Blocker[] {
  const drafts = useCheckoutDrafts();
  return useSyncExternalStore(drafts.subscribe, drafts.covered);
}

/** Whether a press of 'Place Order' is being carried out. */
export function usePlacing(): boolean {
  const drafts = useCheckoutDrafts();
  return useSyncExternalStore(drafts.subscribe, drafts.placing);
}

// Upcasters turn an event's data written at an older version into the current shape, one version step at a time.
// They are pure and total over what the older codec accepted; the result is decoded with the current codec anyway.
import type { EventType } from './catalogue';

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/** UPCASTERS[type][v] turns version v into version v + 1. */
const UPCASTERS: { readonly [T in EventType]?: Readonly<Record<number, Upcaster>> } = {
  // TipSet v1 was { amount, idempotencyKey }: every v1 tip is shown as a custom amount.
  TipSet: { 1: (data) => ({ ...data, percent: null }) },
  // OrderPlacementFailed v1 did not say; only the interrupted and timed-out attempts had no answer.
  OrderPlacementFailed: {
    1: (data) => ({ ...data, outcome: Array.isArray(data.codes) && data.codes.some((c) => c === 'INTERRUPTED' || c === 'TIMEOUT') ? 'unknown' : 'refused' }),
  },
  // v1's, v2's and v3's dialogs are all v4 dialogs: the data stands as it was.
  DialogOpened: { 1: (data) => data, 2: (data) => data, 3: (data) => data },
  DialogClosed: { 1: (data) => data, 2: (data) => data, 3: (data) => data },
  // v1's forms (the vehicle's) are v2 forms: the data stands as it was.
  DetailsEditing: { 1: (data) => data },
  // GuestDetailsSaved v1 came only from 'Continue'.
  GuestDetailsSaved: { 1: (data) => ({ ...data, confirmed: true }) },
};

/** Brings data from version `from` up to `to`; undefined when a step is missing (the event is then skipped). */
export function upcastData(type: EventType, from: number, to: number, data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  let current = data as Record<string, unknown>;
  for (let v = from; v < to; v++) {
    const step = UPCASTERS[type]?.[v];
    if (!step) return undefined;
    current = step(current);
  }
  return current;
}

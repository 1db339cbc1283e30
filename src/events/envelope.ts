// Decoding stored or imported events: the envelope first, then the data of the event's type at its version.
// Unknown types and versions newer than this app are skipped and counted, never fatal (STYLE.md, LiveStore).
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decode, matching } from '../domain/codec';
import { CURRENT_VERSION, EventData, isEventType, type DomainEvent, type EventDraft } from './catalogue';
import { upcastData } from './upcast';

export const IsoInstant = matching('ISO-8601 UTC instant', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/);

export const EnvelopeCodec = t.type({
  id: t.string,
  type: t.string,
  v: t.number,
  at: IsoInstant,
  data: t.unknown,
});

export type Decoded =
  | { readonly kind: 'event'; readonly event: DomainEvent }
  | { readonly kind: 'skipped'; readonly type: string; readonly v: number; readonly reason: 'unknown type' | 'newer version' | 'no upcaster' };

/** Decodes one raw event (as stored or exported) and gives it `seq`. Problems are `path: expected ..., got ...` lines. */
export function decodeEvent(raw: unknown, seq: number): E.Either<string[], Decoded> {
  const envelope = decode(EnvelopeCodec, raw);
  if (E.isLeft(envelope)) return envelope;
  const { id, type, v, at, data } = envelope.right;
  if (!isEventType(type)) return E.right({ kind: 'skipped', type, v, reason: 'unknown type' });
  const current = CURRENT_VERSION[type];
  if (v > current) return E.right({ kind: 'skipped', type, v, reason: 'newer version' });
  const upcast = v < current ? upcastData(type, v, current, data) : data;
  if (upcast === undefined) return E.right({ kind: 'skipped', type, v, reason: 'no upcaster' });
  const decoded = decode(EventData[type] as t.Type<unknown, unknown, unknown>, upcast);
  if (E.isLeft(decoded)) return E.left(decoded.left.map((line) => `data.${line}`));
  return E.right({ kind: 'event', event: { seq, id, type, v: current, at, data: decoded.right } as DomainEvent });
}

/** Validates a draft before it is appended, so the log never holds an event the reducers cannot read. */
export function validateDraft(draft: EventDraft): E.Either<string[], EventDraft> {
  const result = decodeEvent({ ...draft, v: draft.v ?? CURRENT_VERSION[draft.type] }, 0);
  if (E.isLeft(result)) return E.left(result.left.map((line) => `${draft.type}: ${line}`));
  if (result.right.kind === 'skipped') return E.left([`${draft.type}: ${result.right.reason}`]);
  return E.right({ ...draft, v: draft.v ?? CURRENT_VERSION[draft.type] });
}

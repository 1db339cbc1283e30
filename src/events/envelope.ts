// Decoding stored or imported events: the envelope first, then the data of the event's type at its version.
// Unknown types and versions newer than this app are skipped and counted, never fatal (STYLE.md, LiveStore).
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { decode, matching } from '../domain/codec';
import { CURRENT_VERSION, EventData, type DomainEvent, type EventDraft, type EventType } from './catalogue';
import { undeclaredFieldsOf, type Decodes } from './fields';
import { upcastData } from './upcast';

export const IsoInstant = matching('ISO-8601 UTC instant', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/);

const EnvelopeCodec = t.type({
  id: t.string,
  type: t.string,
  v: t.number,
  at: IsoInstant,
  data: t.unknown,
});

export type Decoded =
  | { readonly kind: 'event'; readonly event: DomainEvent }
  | { readonly kind: 'skipped'; readonly type: string; readonly v: number; readonly reason: 'unknown type' | 'newer version' | 'no upcaster' };

/**
 * How an event's envelope and data are decoded, and which member of a union a value decodes as: io-ts by default. A
 * replay brings a quicker decoder with the same answers (src/domain/fastDecode.ts), loaded only where logs are read.
 */
export interface DataDecoder {
  readonly decode: <A, O>(codec: t.Type<A, O, unknown>, input: unknown) => E.Either<string[], A>;
  readonly decodes?: Decodes;
  /** `decode` for one codec, prepared once: an event type's data codec decodes every event of that type. */
  readonly prepare?: <A, O>(codec: t.Type<A, O, unknown>) => (input: unknown) => E.Either<string[], A>;
}

const ioTs: DataDecoder = { decode };

/**
 * Each event type's data codec and current version, found with one look-up: a type read from a log is a new string
 * each time, and three look-ups of it in the catalogue's objects were about a fifth of decoding an event.
 */
const TYPES = new Map<string, { readonly type: EventType; readonly current: number; readonly codec: t.Mixed }>(
  (Object.keys(EventData) as EventType[]).map((type) => [type, { type, current: CURRENT_VERSION[type], codec: EventData[type] as t.Mixed }]),
);

/** Decodes one raw event (as stored or exported) and gives it `seq`. Problems are `path: expected ..., got ...` lines. */
export function decodeEvent(raw: unknown, seq: number, decoder: DataDecoder = ioTs): E.Either<string[], Decoded> {
  const envelope = decoder.decode(EnvelopeCodec, raw);
  if (E.isLeft(envelope)) return envelope;
  const { id, type, v, at, data } = envelope.right;
  return eventDecoder(decoder)(seq, id, type, v, at, data);
}

/** `decodeEvent` after its envelope: for a caller (a log reader) that has checked the envelope's fields itself. */
export type EventDecoder = (seq: number, id: string, type: string, v: number, at: string, data: unknown) => E.Either<string[], Decoded>;

const eventDecoders = new WeakMap<DataDecoder, EventDecoder>();

/** The `EventDecoder` of a decoder, made once: each event type's data decoder and exact-schema check are prepared on first use. */
export function eventDecoder(decoder: DataDecoder): EventDecoder {
  let decodeOne = eventDecoders.get(decoder);
  if (decodeOne === undefined) eventDecoders.set(decoder, (decodeOne = prepareEventDecoder(decoder)));
  return decodeOne;
}

interface TypeDecoding {
  readonly type: EventType;
  readonly current: number;
  readonly data: (input: unknown) => E.Either<string[], unknown>;
  readonly undeclared: (value: unknown) => readonly string[];
}

function prepareEventDecoder(decoder: DataDecoder): EventDecoder {
  // Only known types are kept, so a log full of made-up types cannot grow this map.
  const decodings = new Map<string, TypeDecoding>();
  return (seq, id, type, v, at, data) => {
    let known = decodings.get(type);
    if (known === undefined) {
      const entry = TYPES.get(type);
      if (entry === undefined) return E.right({ kind: 'skipped', type, v, reason: 'unknown type' });
      const { codec } = entry;
      known = {
        type: entry.type,
        current: entry.current,
        data: decoder.prepare?.(codec) ?? ((input) => decoder.decode(codec, input)),
        undeclared: undeclaredFieldsOf(codec, decoder.decodes),
      };
      decodings.set(type, known);
    }
    const { current } = known;
    if (v > current) return E.right({ kind: 'skipped', type, v, reason: 'newer version' });
    const upcast = v < current ? upcastData(known.type, v, current, data) : data;
    if (upcast === undefined) return E.right({ kind: 'skipped', type, v, reason: 'no upcaster' });
    const decoded = known.data(upcast);
    if (E.isLeft(decoded)) return E.left(decoded.left.map((line) => `data.${line}`));
    // Exact schemas: a field the event does not declare is refused and named, never stored.
    const undeclared = known.undeclared(upcast);
    if (undeclared.length > 0) return E.left(undeclared.map((path) => `data.${path}: not a field of ${type}`));
    return E.right({ kind: 'event', event: { seq, id, type: known.type, v: current, at, data: decoded.right } as DomainEvent });
  };
}

/**
 * Validates a draft before it is appended, so the log never holds an event the reducers cannot read. What is stored
 * is the decoded value, never the object the caller handed in.
 */
export function validateDraft(draft: EventDraft): E.Either<string[], EventDraft> {
  const result = decodeEvent({ id: draft.id, type: draft.type, v: draft.v ?? CURRENT_VERSION[draft.type], at: draft.at, data: draft.data }, 0);
  if (E.isLeft(result)) return E.left(result.left.map((line) => `${draft.type}: ${line}`));
  if (result.right.kind === 'skipped') return E.left([`${draft.type}: ${result.right.reason}`]);
  const { id, type, v, at, data } = result.right.event;
  return E.right({ id, type, v, at, data: withoutUndefined(data) } as EventDraft);
}

/** Decoded optional fields are `undefined`; the stored document leaves them out, as JSON would. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : [[k, withoutUndefined(v)]])));
}

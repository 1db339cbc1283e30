// Every event declares each of its text and number fields personal or safe, beside its definition; redaction and
// the exact schemas use those declarations.
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { EventData, PRIVACY, type EventType } from '../../src/events/catalogue';
import { validateDraft } from '../../src/events/envelope';
import { leafPaths, undeclaredFields } from '../../src/events/fields';
import { createRedactor } from '../../src/store/redact';

const types = Object.keys(EventData) as EventType[];

describe('privacy declarations', () => {
  it('cover the whole catalogue', () => {
    expect(types.length).toBeGreaterThan(30);
  });

  it.each(types)('%s: every text or number field is declared personal or safe, and nothing else is declared', (type) => {
    const leaves = leafPaths(EventData[type] as t.Mixed);
    const declared = [...Object.keys(PRIVACY[type].personal ?? {}), ...(PRIVACY[type].safe ?? [])];
    expect(leaves.filter((path) => !declared.includes(path))).toEqual([]);
    expect(declared.filter((path) => !leaves.includes(path))).toEqual([]);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('finds the leaves of nested, optional, array and record fields', () => {
    const codec = t.type({
      a: t.array(t.type({ b: t.string, c: t.boolean })),
      d: t.record(t.string, t.number),
      e: t.partial({ f: t.union([t.string, t.null]) }),
    });
    expect(leafPaths(codec)).toEqual(['a[].b', 'd{}', 'e.f']);
  });
});

describe('exact event schemas', () => {
  const guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '2125550100' };

  it('refuses a field the schema does not declare, and names it', () => {
    const draft = {
      id: 'e1',
      type: 'GuestDetailsSaved',
      at: '2026-03-01T12:00:00Z',
      data: { guest: { ...guest, password: 'hunter2' }, confirmed: true, idempotencyKey: 'k' },
    };
    const result = validateDraft(draft as never);
    expect(result).toEqual(E.left(['GuestDetailsSaved: data.guest.password: not a field of GuestDetailsSaved']));
  });

  it('names undeclared fields inside arrays and optional objects', () => {
    const card = { key: 'c1', brand: 'VISA', last4: '1111', expMonth: 1, expYear: 2030, saved: true, billing: { city: 'X', cvv: '123' } };
    expect(undeclaredFields(EventData.SavedCardsLoaded, { cards: [card], nonce: 'n' })).toEqual(['cards[0].billing.cvv', 'nonce']);
  });

  it('stores the decoded value, not the object handed in', () => {
    const data = { card: { key: 'c1', brand: 'VISA', last4: '1111', expMonth: 1, expYear: 2030, saved: false, id: null }, idempotencyKey: 'k' };
    const result = validateDraft({ id: 'e1', type: 'CardAdded', at: '2026-03-01T12:00:00Z', data } as never);
    expect(E.isRight(result)).toBe(true);
    if (E.isRight(result)) {
      expect(result.right.data).not.toBe(data);
      expect(result.right.data).toEqual({ card: { key: 'c1', brand: 'VISA', last4: '1111', expMonth: 1, expYear: 2030, saved: false }, idempotencyKey: 'k' });
    }
  });
});

describe('redaction by declaration', () => {
  it('replaces each declared personal field with a stable placeholder and keeps the rest', () => {
    const redactor = createRedactor();
    const at = '2026-03-01T12:00:00Z';
    const signedIn = redactor.event({
      seq: 1,
      id: 'a',
      type: 'SignedIn',
      v: 1,
      at,
      data: { userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '2125550100' },
    });
    const card = {
      key: 'c1',
      brand: 'VISA',
      last4: '1111',
      expMonth: 1,
      expYear: 2030,
      saved: true,
      billing: { address1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' },
    };
    const added = redactor.event({ seq: 2, id: 'b', type: 'CardAdded', v: 1, at, data: { card, idempotencyKey: 'k' } });
    const guest = redactor.event({
      seq: 3,
      id: 'c',
      type: 'GuestDetailsSaved',
      v: 1,
      at,
      data: { guest: { firstName: 'ada', lastName: 'Byron', email: 'ADA@example.com', phone: '' }, idempotencyKey: 'k' },
    });
    expect(signedIn.data).toEqual({ userId: 'u1', firstName: 'Shopper1', lastName: 'Redacted1', email: 'shopper1@example.invalid', phone: '555-0101' });
    expect(added.data).toEqual({
      card: { ...card, billing: { address1: '1 Redacted St', city: 'City 1', state: 'IL', postalCode: '00001' } },
      idempotencyKey: 'k',
    });
    // The same person is the same placeholder throughout a file, whatever the case.
    expect(guest.data).toEqual({ guest: { firstName: 'Shopper1', lastName: 'Redacted2', email: 'shopper1@example.invalid', phone: '' }, idempotencyKey: 'k' });
  });

  it('leaves no vehicle a shopper gave, at checkout nor in the order that carries it', () => {
    const redactor = createRedactor();
    const at = '2026-03-01T12:00:00Z';
    const vehicle = { make: 'Subaru', model: 'Outback', color: 'Green', note: 'Roof box' };
    const saved = redactor.event({ seq: 1, id: 'a', type: 'CurbsideVehicleSaved', v: 1, at, data: { vehicle, idempotencyKey: 'k' } });
    const order = { Id: 'o1', LocationId: 'l1', GrandTotal: 100, TotalTaxes: 0, TotalDiscounts: 0, TotalTips: 0, SubTotal: 100, LineItems: [] };
    const placed = redactor.event({
      seq: 2,
      id: 'b',
      type: 'OrderPlaced',
      v: 1,
      at,
      data: { idempotencyKey: 'k', orderId: 'o1', order: { ...order, FulfillmentType: 'CURBSIDE', VehicleDetails: vehicle }, nextIdempotencyKey: 'k2' },
    });
    const history = redactor.event({
      seq: 3,
      id: 'c',
      type: 'OrderHistoryLoaded',
      v: 1,
      at,
      data: { orders: [{ ...order, VehicleDetails: { ...vehicle, color: 'Blue' } }] },
    });
    const redactedVehicle = { make: 'Vehicle 1', model: 'Vehicle 2', color: 'Vehicle 3', note: 'Note 1 (redacted)' };
    expect(saved.data).toEqual({ vehicle: redactedVehicle, idempotencyKey: 'k' });
    expect(placed.data).toMatchObject({ orderId: 'o1', order: { Id: 'o1', FulfillmentType: 'CURBSIDE', VehicleDetails: redactedVehicle } });
    expect(history.data).toEqual({ orders: [{ ...order, VehicleDetails: { ...redactedVehicle, color: 'Vehicle 4' } }] });
    expect(JSON.stringify([saved, placed, history])).not.toMatch(/Subaru|Outback|Green|Blue|Roof box/);
  });

  it('keeps no data of an event type it does not know', () => {
    const redacted = createRedactor().event({ seq: 1, id: 'a', type: 'FromTheFuture', v: 1, at: '2026-03-01T12:00:00Z', data: { email: 'ada@example.com' } });
    expect(redacted.data).toEqual({});
  });
});

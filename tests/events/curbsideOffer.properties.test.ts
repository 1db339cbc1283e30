// When 'I'm here' is offered (src/events/selectors/curbside.ts; README, "The order's progress"), over every stage,
// fulfillment type and shopper: only for a curbside order the store said is ready, not yet announced nor put away, and
// only to someone who can send it (the signed-in shopper, or a guest holding the order's key); and then always. The
// order's one instruction goes with it: said from the first word of the store until the order is brought out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderStageCodec, type OrderStage } from '../../src/domain/orders/progress';
import type { FulfillmentType } from '../../src/domain/orders/codecs';
import { CURBSIDE_INSTRUCTION, CURBSIDE_INSTRUCTION_EARLY, vehicleLine } from '../../src/domain/orders/messages';
import { arrivalOffered, curbsideInstruction } from '../../src/events/selectors/curbside';
import { initialState, type State } from '../../src/events/state';

const STAGES = Object.keys(OrderStageCodec.keys) as OrderStage[];
const TYPES: FulfillmentType[] = ['PICKUP', 'CURBSIDE', 'DELIVERY', 'DINEIN'];
const ORDER = 'ord_1';
const AT = '2026-11-18T15:00:00.000Z';

function stateOf(given: { stage: OrderStage | null; guest: boolean; signedIn: boolean; arrived: boolean; ignored: boolean }): State {
  return {
    ...initialState,
    account: {
      ...initialState.account,
      profile: given.signedIn ? { userId: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '' } : null,
    },
    orders: {
      history: [{ orderId: ORDER, placedAt: AT, locationId: 'chain-brooklyn', order: null, guestKey: given.guest ? 'key-1' : null }],
      progress: given.stage === null ? {} : { [ORDER]: { stage: given.stage, at: AT, estimate: null, promised: null, reason: null, steps: [], heardAt: AT } },
    },
    curbside: { arrivals: given.arrived ? { [ORDER]: AT } : {}, ignoredOrders: given.ignored ? [ORDER] : [] },
  };
}

/** An order as the page may hold it: any stage, type, shopper and what they did. */
const orderSeen = fc.record({
  stage: fc.option(fc.constantFrom(...STAGES), { nil: null }),
  type: fc.constantFrom(...TYPES),
  guest: fc.boolean(),
  signedIn: fc.boolean(),
  arrived: fc.boolean(),
  ignored: fc.boolean(),
});

describe("'I'm here' is offered", () => {
  it('exactly for a ready curbside order not announced nor put away, to someone who can send it', () => {
    fc.assert(
      fc.property(orderSeen, (given) => {
        const offered = arrivalOffered(stateOf(given), ORDER, { FulfillmentType: given.type });
        const expected = given.stage === 'Ready' && given.type === 'CURBSIDE' && !given.arrived && !given.ignored && (given.guest || given.signedIn);
        expect(offered).toBe(expected);
      }),
    );
  });

  it('never before the store has said anything of the order', () => {
    expect(arrivalOffered(stateOf({ stage: null, guest: true, signedIn: true, arrived: false, ignored: false }), ORDER, { FulfillmentType: 'CURBSIDE' })).toBe(
      false,
    );
    expect(
      arrivalOffered(stateOf({ stage: 'Ready', guest: true, signedIn: false, arrived: false, ignored: false }), ORDER, { FulfillmentType: 'CURBSIDE' }),
    ).toBe(true);
  });
});

describe("a curbside order's one instruction", () => {
  it("is said whenever 'I'm here' is offered, and names the button", () => {
    fc.assert(
      fc.property(orderSeen, (g) => {
        const state = stateOf(g);
        const instruction = curbsideInstruction(state, ORDER, { FulfillmentType: g.type });
        if (arrivalOffered(state, ORDER, { FulfillmentType: g.type })) expect(instruction).toBe(CURBSIDE_INSTRUCTION);
        if (instruction !== null) expect(instruction).toContain("tap I'm here");
      }),
    );
  });

  it('is said for a curbside order the store has heard of and not yet brought out, to someone who can send it', () => {
    fc.assert(
      fc.property(orderSeen, (g) => {
        const instruction = curbsideInstruction(stateOf(g), ORDER, { FulfillmentType: g.type });
        const open = g.stage !== null && g.stage !== 'HandedOver' && g.stage !== 'Cancelled';
        const expected = g.type === 'CURBSIDE' && open && !g.arrived && !g.ignored && (g.guest || g.signedIn);
        expect(instruction !== null).toBe(expected);
        // Before the order is ready there is no button yet, and the instruction says when it comes.
        if (expected) expect(instruction).toBe(g.stage === 'Ready' ? CURBSIDE_INSTRUCTION : CURBSIDE_INSTRUCTION_EARLY);
      }),
    );
  });

  it('names the car as the store looks for it', () => {
    expect(vehicleLine({ make: 'Subaru', model: 'Outback', color: 'Green' })).toBe('Green Subaru Outback');
    expect(vehicleLine({ make: ' Subaru ', model: 'Outback', color: '' })).toBe('Subaru Outback');
  });
});

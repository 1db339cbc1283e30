// Checkout's drafts: 'Place Order' counts complete forms as given, saves them in the blocks' order (the curbside
// vehicle, Personal Info, then the card), stops at the first that cannot be saved, and lets a form wait for the attempt to end.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutDrafts, type Draft, type DraftName } from '../../src/app/features/checkout/checkoutDrafts';

const COVERS = { vehicle: 'vehicle', guest: 'identity', card: 'card' } as const;
const BLOCK_ORDER = ['vehicle', 'guest', 'card'] as const;

function draft(name: DraftName, complete: boolean, saves: boolean, seen: string[]): Draft {
  return {
    covers: COVERS[name],
    complete,
    save: async () => {
      seen.push(name);
      return saves;
    },
  };
}

describe('checkout drafts', () => {
  it('count only complete drafts as meeting their condition, in the blocks’ order', () => {
    const drafts = checkoutDrafts();
    const seen: string[] = [];
    drafts.offer('card', draft('card', true, true, seen));
    drafts.offer('guest', draft('guest', false, true, seen));
    expect(drafts.covered()).toEqual(['card']);
    drafts.offer('guest', draft('guest', true, true, seen));
    expect(drafts.covered()).toEqual(['identity', 'card']);
    drafts.offer('card', null);
    expect(drafts.covered()).toEqual(['identity']);
  });

  it('save the vehicle, then Personal Info, then the card, whatever order they were offered in, and stop at the first that cannot be saved', () => {
    fc.assert(
      fc.asyncProperty(
        fc.record({ vehicle: fc.option(fc.boolean()), guest: fc.option(fc.boolean()), card: fc.option(fc.boolean()) }),
        fc.shuffledSubarray([...BLOCK_ORDER], { minLength: 3, maxLength: 3 }),
        async (saves, names: DraftName[]) => {
          const drafts = checkoutDrafts();
          const seen: string[] = [];
          for (const name of names) {
            const outcome = saves[name];
            if (outcome !== null) drafts.offer(name, draft(name, true, outcome, seen));
          }
          const saved = await drafts.saveAll();
          const offered = BLOCK_ORDER.filter((name) => saves[name] !== null);
          const firstRefusal = offered.findIndex((name) => saves[name] === false);
          expect(saved).toBe(firstRefusal === -1);
          expect(seen).toEqual(firstRefusal === -1 ? offered : offered.slice(0, firstRefusal + 1));
        },
      ),
    );
  });

  it('has the first incomplete draft that would meet an unmet condition say what it lacks, and only that one', async () => {
    const drafts = checkoutDrafts();
    const seen: string[] = [];
    drafts.offer('guest', draft('guest', false, false, seen));
    drafts.offer('card', draft('card', false, false, seen));
    await drafts.explain(['card']);
    expect(seen).toEqual(['card']);
    await drafts.explain(['identity', 'card']);
    expect(seen).toEqual(['card', 'guest']);
    await drafts.explain(['time']);
    expect(seen).toEqual(['card', 'guest']);
  });

  it('runs what waits for the attempt once it has ended, or at once when none is under way', () => {
    const drafts = checkoutDrafts();
    const ran: string[] = [];
    drafts.afterPlacing(() => ran.push('now'));
    expect(ran).toEqual(['now']);
    drafts.setPlacing(true);
    drafts.afterPlacing(() => ran.push('after'));
    expect(ran).toEqual(['now']);
    drafts.setPlacing(false);
    expect(ran).toEqual(['now', 'after']);
    drafts.setPlacing(true);
    drafts.setPlacing(false);
    expect(ran).toEqual(['now', 'after']);
  });
});

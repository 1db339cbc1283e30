// A tap on the returning guest's page copy, replayed on the app's page once it has painted: what identifies a tap
// (a link's address, a button's name and place), how it finds its counterpart, and that each is replayed once, in
// order, or dropped when the app's page has none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buttonTap,
  matchButton,
  MAX_COPY_TAPS,
  readName,
  replayTaps,
  tapsToReplay,
  type ButtonSeen,
  type CopyTap,
  type ReplayPage,
} from '../../src/app/runtime/copyTaps';

const croissant: ButtonSeen = { name: 'Butter Croissant', place: 'Butter Croissant' };
const addCroissant: ButtonSeen = { name: 'Add to Bag', place: 'Butter Croissant' };
const addMuffin: ButtonSeen = { name: 'Add to Bag', place: 'Blueberry Muffin' };
const bakery = [croissant, addCroissant, { name: 'Blueberry Muffin', place: 'Blueberry Muffin' }, addMuffin];

/**
 * A page of named buttons at an address, recording what the replay did; each of `later` is a change of the page
 * (a part that renders later) that adds its buttons, and the page changes no more after them.
 */
function fakePage(path: string, first: readonly ButtonSeen[], links: readonly string[] = [], later: readonly (readonly ButtonSeen[])[] = []) {
  const done: string[] = [];
  const buttons = [...first];
  const changes = [...later];
  let at = path;
  const page: ReplayPage<ButtonSeen, string> = {
    path: () => at,
    buttons: () => buttons.map((button) => ({ ...button, button })),
    changed: () => {
      const next = changes.shift();
      if (next === undefined) {
        done.push('waited');
        return Promise.resolve(false);
      }
      buttons.push(...next);
      return Promise.resolve(true);
    },
    link: (to) => (links.includes(to) ? to : null),
    press: (target) => {
      if (typeof target === 'string') {
        done.push(`follow ${target}`);
        at = new URL(target, 'https://shop.test').pathname;
      } else done.push(`press ${target.name} (${target.place})`);
    },
    open: (to) => {
      done.push(`open ${to}`);
      at = new URL(to, 'https://shop.test').pathname;
    },
  };
  return { page, done };
}

const tap = (path: string, buttons: readonly ButtonSeen[], index: number) => buttonTap(path, buttons, index)!;

describe('a tap on the page copy', () => {
  it('names a button as a person reads it', () => {
    expect(readName('  Add to\n   Bag ')).toBe('Add to Bag');
    expect(readName('\t')).toBe('');
  });

  it('identifies a button by its name, its place and which of the buttons of that name there it is', () => {
    expect(buttonTap('/categories/bakery', bakery, 3)).toEqual({
      kind: 'button',
      path: '/categories/bakery',
      name: 'Add to Bag',
      place: 'Blueberry Muffin',
      nth: 0,
    });
    const twice = [addCroissant, croissant, addCroissant];
    expect(buttonTap('/', twice, 2)).toMatchObject({ nth: 1 });
    // A button with no name (an icon without a label) cannot be told from another: it is not kept.
    expect(buttonTap('/', [{ name: '', place: 'Bakery' }], 0)).toBeNull();
    expect(buttonTap('/', bakery, 9)).toBeNull();
  });

  it("finds the app's button the copy's was, among buttons added or gone elsewhere on the page", () => {
    const button = fc.record({ name: fc.constantFrom('Add to Bag', 'Open', 'Butter Croissant', ''), place: fc.constantFrom('', 'Bakery', 'Coffee') });
    fc.assert(
      fc.property(
        fc.array(button, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.record({ name: fc.constant('Other'), place: fc.constantFrom('', 'Bakery') })), { maxLength: 4 }),
        (copy, pick, others) => {
          const index = pick % copy.length;
          const tapped = buttonTap('/', copy, index);
          if (copy[index]!.name === '') {
            expect(tapped).toBeNull();
            return;
          }
          // The app's page: the copy's buttons, in their order, with others in between.
          const app: ButtonSeen[] = [...copy];
          for (const [at, other] of others) app.splice(at % (app.length + 1), 0, other);
          const found = matchButton(tapped as Extract<CopyTap, { kind: 'button' }>, '/', app);
          expect(found).not.toBeNull();
          expect(app[found!]).toBe(copy[index]);
          // On another page it has no counterpart.
          expect(matchButton(tapped as Extract<CopyTap, { kind: 'button' }>, '/cart', app)).toBeNull();
        },
      ),
    );
  });

  it('is replayed once however often it was repeated, in the order first tapped, and a few at most', () => {
    const tapArbitrary: fc.Arbitrary<CopyTap> = fc.oneof(
      fc.constantFrom('/categories/coffee', '/categories/tea', '/#categorybakery').map((to) => ({ kind: 'link' as const, to })),
      fc.nat({ max: bakery.length - 1 }).map((index) => tap('/categories/bakery', bakery, index)),
    );
    fc.assert(
      fc.property(fc.array(tapArbitrary, { maxLength: 20 }), (taps) => {
        const kept = tapsToReplay(taps);
        const keys = kept.map((one) => JSON.stringify(one));
        expect(new Set(keys).size).toBe(keys.length);
        expect(kept.length).toBeLessThanOrEqual(MAX_COPY_TAPS);
        // The first taps, in their order, each at its first tap.
        const firsts = [...new Set(taps.map((one) => JSON.stringify(one)))].slice(0, MAX_COPY_TAPS);
        expect(keys).toEqual(firsts);
        expect(tapsToReplay(kept)).toEqual(kept);
      }),
    );
  });

  it("presses the app's button at the tapped place once, then follows the tapped link", async () => {
    const { page, done } = fakePage('/categories/bakery', bakery, ['/categories/coffee']);
    const add = tap('/categories/bakery', bakery, 1);
    const coffee: CopyTap = { kind: 'link', to: '/categories/coffee' };
    expect(await replayTaps([add, add, coffee, add], page)).toBe(2);
    expect(done).toEqual(['press Add to Bag (Butter Croissant)', 'follow /categories/coffee']);
  });

  it('opens a link the page does not show by its address', async () => {
    const { page, done } = fakePage('/', []);
    expect(await replayTaps([{ kind: 'link', to: '/categories/tea?x=1#top' }], page)).toBe(1);
    expect(done).toEqual(['open /categories/tea?x=1#top']);
  });

  it('drops, saying nothing, a button the app does not show there, or one tapped after a link left the page', async () => {
    const { page, done } = fakePage('/categories/bakery', [croissant, addCroissant], []);
    const gone = tap('/categories/bakery', bakery, 3);
    const elsewhere = tap('/', bakery, 1);
    const leave: CopyTap = { kind: 'link', to: '/categories/coffee' };
    const add = tap('/categories/bakery', bakery, 1);
    expect(await replayTaps([gone, elsewhere, leave, add], page)).toBe(1);
    // The gone button is waited for as long as the page allows, then the replay goes on; a page left is not waited on.
    expect(done).toEqual(['waited', 'open /categories/coffee']);
  });

  it('waits for a button the page shows once a part of it has rendered, then goes on in order', async () => {
    const { page, done } = fakePage('/', [croissant], [], [[{ name: 'Other', place: '' }], [addCroissant, addMuffin]]);
    const taps = [tap('/', bakery, 3), tap('/', bakery, 0)];
    expect(await replayTaps(taps, page)).toBe(2);
    expect(done).toEqual(['press Add to Bag (Blueberry Muffin)', 'press Butter Croissant (Butter Croissant)']);
  });

  it('still presses a button after a link within the page (an anchor to a section)', async () => {
    const { page, done } = fakePage('/', bakery, ['/#categorybakery']);
    const add = tap('/', bakery, 3);
    expect(await replayTaps([{ kind: 'link', to: '/#categorybakery' }, add], page)).toBe(2);
    expect(done).toEqual(['follow /#categorybakery', 'press Add to Bag (Blueberry Muffin)']);
  });
});

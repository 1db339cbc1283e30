// Favorites (account-and-session.md section 4): a guest's stay in this browser; on sign-in they join the account's
// (Favorite/Merge); a signed-in shopper's heart goes to the account; sign-out leaves the browser's own list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { favoriteIds } from '../../src/events/selectors/favorites';
import { control, useSandbox } from '../sandbox/support';
import { appendedBy, expectLeft, expectRight, newShopper, type Shopper } from './support';

const clock = { now: Date.parse('2026-11-18T15:00:00Z') };
const running = useSandbox(() => ({ catalog: 'cafe', now: () => clock.now }));
let shopper: Shopper;

beforeEach(async () => {
  shopper = await newShopper(running, clock);
  expectRight(await shopper.commands.loadCatalog());
});
afterEach(async () => shopper.close());

const favorites = () => favoriteIds(shopper.store.getState());

describe('favorites', () => {
  it("a guest's heart is kept in this browser; pressed again it goes", async () => {
    const on = await appendedBy(shopper, () => shopper.commands.toggleFavorite('latte'));
    expect(expectRight(on.result)).toBe(true);
    expect(on.types).toEqual(['LocalFavoriteToggled']);
    expectRight(await shopper.commands.toggleFavorite('drip'));
    expect(favorites()).toEqual(['latte', 'drip']);
    expect(expectRight(await shopper.commands.toggleFavorite('latte'))).toBe(false);
    expect(favorites()).toEqual(['drip']);
  });

  it("on sign-in the browser's favorites join the account's; the heart then goes to the account; sign-out shows the browser's again", async () => {
    expectRight(await shopper.commands.toggleFavorite('croissant'));
    expectRight(await shopper.commands.signIn('ada@example.com', 'countertop'));
    expect(favorites()).toContain('croissant');
    const remote = expectRight(await shopper.api.favorites.listFavorites());
    expect(remote).toContain('croissant');
    const on = await appendedBy(shopper, () => shopper.commands.toggleFavorite('muffin'));
    expect(on.types).toEqual(['FavoritesLoaded']);
    expect(expectRight(await shopper.api.favorites.listFavorites())).toContain('muffin');
    expectRight(await shopper.commands.endSession());
    expect(favorites()).toEqual(['croissant']);
  });

  it('a signed-in heart the API does not save is said, and the list stays as it was', async () => {
    expectRight(await shopper.commands.signIn('ada@example.com', 'countertop'));
    const before = favorites();
    await control(running, 'fail', { path: '/api/Favorite/Create', times: 1, status: 503 });
    const failed = await appendedBy(shopper, () => shopper.commands.toggleFavorite('bagel'));
    expect(expectLeft(failed.result)).toBe('We could not update your favorites. Please try again.');
    expect(failed.types).toEqual([]);
    expect(favorites()).toEqual(before);
  });
});

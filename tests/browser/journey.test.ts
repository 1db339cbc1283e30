// One shopper at the pizza chain, from landing to an empty bag, clicking as a shopper does: picks a location by zip,
// browses, builds a drink with a milk choice and two extras, is stopped by a missing required choice, edits the line
// from the bag, changes its quantity, watches stock fall through the hub, keeps the bag across a reload and a second
// tab, changes location (losing what the new one does not sell, with the spec's warning), empties the bag. At the
// end a CLI replay of the page's session log reaches the state the page shows.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enableDebugHook } from './support/debug';
import { expectReplayMatches, stateOf } from './support/checkout';
import { DESKTOP, screenshot, seriousViolations, useStorefront } from './support/storefront';

const storefront = useStorefront('pizza-chain', { resetEach: false });

const REMOVED = 'We removed items from your cart because they are not available at this location.';
const bagLink = (page: Page, count: number) => page.getByRole('link', { name: `Bag, ${count} ${count === 1 ? 'item' : 'items'}`, exact: true });
const row = (page: Page, name: string): Locator => page.getByRole('listitem', { name });

async function openItem(page: Page, category: RegExp, item: string): Promise<Locator> {
  // Back to the menu from elsewhere (the header hides 'Continue Shopping' on the home page itself).
  if (new URL(page.url()).pathname !== '/') await page.getByRole('link', { name: 'Continue Shopping' }).first().click();
  await page.getByRole('region', { name: 'Browse the menu' }).getByRole('link', { name: category }).first().click();
  await page.getByRole('article', { name: item }).getByRole('button', { name: 'Add to Bag' }).click();
  const dialog = page.getByRole('dialog', { name: item });
  await dialog.waitFor();
  return dialog;
}

describe('a shopper at the pizza chain', () => {
  it('picks a location, builds a bag, edits it, keeps it, changes location and empties it', async () => {
    const shopper = await storefront.newShopper(DESKTOP);
    await enableDebugHook(shopper.context);
    const { page } = shopper;
    await page.goto(storefront.origin);

    // Lands: the chooser is open; a zip search puts Brooklyn first.
    const chooser = page.getByRole('dialog', { name: 'Choose a location' });
    await chooser.waitFor();
    await chooser.getByPlaceholder('Enter a zip code').fill('11217');
    await chooser.getByPlaceholder('Enter a zip code').press('Enter');
    await expect
      .poll(async () => (await chooser.getByRole('list', { name: 'Locations' }).getByRole('heading').allTextContents())[0])
      .toBe('Slice Brothers - Brooklyn');
    await chooser.getByRole('article', { name: 'Slice Brothers - Brooklyn' }).getByRole('button', { name: 'Select Location' }).click();
    await chooser.waitFor({ state: 'hidden' });
    await bagLink(page, 0).waitFor();

    // A cold brew with oat milk and two extras: (5.50 + 0.75 + 0.60 + 0.60) x 1.
    const drink = await openItem(page, /Drinks/, 'Cold Brew Latte');
    await drink.getByRole('radio', { name: /Large/ }).check();
    await drink.getByRole('radio', { name: /Oat milk/ }).check();
    await drink.getByRole('checkbox', { name: /Vanilla syrup/ }).check();
    await drink.getByRole('checkbox', { name: /Caramel syrup/ }).check();
    await drink.getByText('$7.45').first().waitFor();
    await drink.getByRole('button', { name: 'Add to Bag' }).click();
    await drink.waitFor({ state: 'hidden' });
    await bagLink(page, 1).waitFor();

    // Build Your Own needs a topping: the message shows and the action stays inactive.
    const pie = await openItem(page, /Whole Pies/, 'Build Your Own');
    await pie.getByRole('radio', { name: /12/ }).check();
    await pie.getByText('At least 1 value from Toppings is required').first().waitFor();
    expect(await pie.getByRole('button', { name: 'Add to Bag' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await pie.waitFor({ state: 'hidden' });
    await bagLink(page, 1).waitFor();

    // The bag: edit the milk, then plus and minus.
    await bagLink(page, 1).click();
    await page.getByRole('heading', { name: 'Bag', level: 1 }).waitFor();
    await row(page, 'Cold Brew Latte').getByRole('button', { name: 'Edit Cold Brew Latte' }).click();
    const edit = page.getByRole('dialog', { name: 'Cold Brew Latte' });
    await edit.getByRole('radio', { name: /Skim milk/ }).check();
    await edit.getByRole('button', { name: 'Update' }).click();
    await edit.waitFor({ state: 'hidden' });
    await row(page, 'Cold Brew Latte')
      .getByText(/Skim milk/)
      .waitFor();
    const plus = row(page, 'Cold Brew Latte').getByRole('button', { name: 'Increase quantity of Cold Brew Latte' });
    await plus.click();
    await plus.click();
    await bagLink(page, 3).waitFor();
    await row(page, 'Cold Brew Latte').getByRole('button', { name: 'Decrease quantity of Cold Brew Latte' }).click();
    await bagLink(page, 2).waitFor();
    await screenshot(page, 'journey-bag');

    // Stock falls to 1 at the store: the hub tells the page, the bag clamps and says why.
    await storefront.control('stock', { locationId: 'chain-brooklyn', variationId: 'cold-brew-large', count: 1 });
    await bagLink(page, 1).waitFor({ timeout: 15_000 });
    await page.getByText('There is only 1 available at this time.').first().waitFor();

    // The bag survives a reload, and a second tab shows it.
    await page.reload();
    await bagLink(page, 1).waitFor();
    const second = await shopper.newTab();
    await second.goto(`${storefront.origin}/cart`);
    await row(second, 'Cold Brew Latte').waitFor();
    await second.close();

    // Buffalo Wings are sold only in Brooklyn: a move to Chicago drops them and warns, the drink stays.
    const wings = await openItem(page, /Sides/, 'Buffalo Wings');
    await wings.getByRole('button', { name: 'Add to Bag' }).click();
    await wings.waitFor({ state: 'hidden' });
    await bagLink(page, 2).waitFor();
    await page.getByRole('button', { name: 'Change It' }).click();
    await chooser.getByRole('article', { name: 'Slice Brothers - Wicker Park' }).getByRole('button', { name: 'Select Location' }).click();
    await chooser.waitFor({ state: 'hidden' });
    await page.getByText(REMOVED).first().waitFor();
    await bagLink(page, 1).waitFor();
    await page.getByRole('link', { name: 'Bag, 1 item', exact: true }).click();
    await row(page, 'Cold Brew Latte').waitFor();
    expect(await row(page, 'Buffalo Wings').count()).toBe(0);
    expect((await stateOf(page)).locationId).toBe('chain-chicago');
    expect(await seriousViolations(page)).toEqual([]);

    // Emptied, the bag says so; an unknown path leads home.
    await row(page, 'Cold Brew Latte').getByRole('button', { name: 'Remove Cold Brew Latte' }).click();
    await page.getByText('Your bag is currently empty.').waitFor();
    await bagLink(page, 0).waitFor();
    await page.goto(`${storefront.origin}/no/such/page`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');

    await expectReplayMatches(page);
    expect(shopper.errors).toEqual([]);
    expect(shopper.foreignRequests).toEqual([]);
    await shopper.close();
  });
});

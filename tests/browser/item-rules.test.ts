// The item panel's list rules in the spec's words (ordering.md section 5), on a test business whose Build Your Own
// takes at least two toppings: 'At least {count} values from {name} are required' until two are chosen, and a Single
// list without a default, the Caesar's dressing, '{name} is required' until one is. The button stays inactive while
// a rule is unmet. At 390 and 1280 px, with axe-core.
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectClean, shots } from './support/checkout';
import { DESKTOP, PHONE, useStorefront } from './support/storefront';

/** Brooklyn's Build Your Own (toppings: two to four) and Caesar Salad, alone. */
const PICK_TWO = fileURLToPath(new URL('./fixtures/pick-two.json', import.meta.url));
const storefront = useStorefront(PICK_TWO);
const WIDTHS = [PHONE, DESKTOP] as const;

async function openItem(page: Page, categoryId: string, name: string): Promise<Locator> {
  await page.goto(`${storefront.origin}/categories/${categoryId}`);
  await page.getByRole('article', { name }).getByRole('button', { name: 'Add to Bag' }).click();
  const panel = page.getByRole('dialog', { name });
  await panel.waitFor();
  return panel;
}

const inactive = async (button: Locator) => (await button.getAttribute('aria-disabled')) === 'true';

describe("the item panel's list rules", () => {
  for (const viewport of WIDTHS) {
    it(`say how many a list still needs, and that a required choice is missing, at ${viewport.width} px`, async () => {
      const shopper = await storefront.newShopper(viewport);
      const { page } = shopper;
      const pizza = await openItem(page, 'pizzas', 'Build Your Own');
      await pizza.getByRole('radio', { name: /12"/ }).check();
      const add = pizza.getByRole('button', { name: 'Add to Bag' });
      const two = 'At least 2 values from Toppings are required';
      await pizza.getByText(two).first().waitFor();
      expect(await inactive(add)).toBe(true);
      await pizza.getByRole('checkbox', { name: /Mushrooms/ }).check();
      // One is not enough.
      expect(await pizza.getByText(two).count()).toBeGreaterThan(0);
      expect(await inactive(add)).toBe(true);
      await shots(page, 'item-rules-two-toppings');
      await expectClean(shopper);
      await pizza.getByRole('checkbox', { name: /Black olives/ }).check();
      await expect.poll(() => pizza.getByText(two).count()).toBe(0);
      expect(await inactive(add)).toBe(false);
      await add.click();
      await pizza.waitFor({ state: 'hidden' });

      const salad = await openItem(page, 'sides', 'Caesar Salad');
      await salad.getByRole('radio', { name: /Full/ }).check();
      const addSalad = salad.getByRole('button', { name: 'Add to Bag' });
      const required = 'Dressing is required';
      await salad.getByText(required).first().waitFor();
      expect(await inactive(addSalad)).toBe(true);
      // The inactive button still takes a press (aria-disabled, so it keeps focus): it says so once more, and adds nothing.
      await addSalad.click({ force: true });
      expect(await salad.getByText(required).count()).toBeGreaterThan(0);
      expect(await salad.isVisible()).toBe(true);
      await shots(page, 'item-rules-dressing');
      await expectClean(shopper);
      await salad.getByRole('radio', { name: /Ranch/ }).check();
      await expect.poll(() => salad.getByText(required).count()).toBe(0);
      await addSalad.click();
      await salad.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: /^Bag\b.*\b2 items/ }).waitFor();
      await shopper.close();
    });
  }
});

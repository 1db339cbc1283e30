// The support console as staff open it: a fresh browser profile of the storefront's desktop size, /support ready for
// a log, with the page's errors and every request from that moment kept for the test to check.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, type Storefront } from './storefront';

export interface ConsoleView {
  readonly page: Page;
  /** Every request from the moment the console was ready for a log. */
  readonly requests: string[];
  readonly errors: string[];
  close(): Promise<void>;
}

export async function consoleReady(storefront: Storefront): Promise<ConsoleView> {
  const context = await storefront.browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'America/New_York' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${storefront.origin}/support`);
  // The console loads every storefront page's code before it takes a log: on a busy machine that takes longer than
  // a poll's usual 5 s (waiting longer never lets a wrong answer pass).
  await expect.poll(() => page.getByLabel('Open a session log').isEnabled(), { timeout: 30_000 }).toBe(true);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return { page, requests, errors, close: () => context.close() };
}

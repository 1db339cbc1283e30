// Setup shortcuts through the storefront's opt-in console hook (localStorage['countertop.debug'] = '1'). Use them to
// arrange a test (a bag to check out), never for the behaviour the test is about.
import type { BrowserContext, Page } from 'playwright-core';

export async function enableDebugHook(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // New tabs start on about:blank, whose storage is off limits.
    try {
      window.localStorage.setItem('countertop.debug', '1');
    } catch {
      /* not the storefront's origin */
    }
  });
}

/** Runs a command by name with JSON arguments, waits until the log is saved, and returns its Either as JSON. */
export async function runCommand(page: Page, name: string, ...args: unknown[]): Promise<{ _tag: 'Left' | 'Right'; left?: unknown; right?: unknown }> {
  await page.waitForFunction(() => 'countertop' in window);
  return page.evaluate(
    async ([command, params]) => {
      type Hook = { commands: Record<string, (...a: unknown[]) => Promise<unknown>>; saved: () => Promise<void> };
      const hook = (window as unknown as { countertop: Hook }).countertop;
      const result = (await hook.commands[command as string]!(...(params as unknown[]))) as { _tag: 'Left' | 'Right' };
      // Written before the test goes on, as a shopper's own taps would have been by then (the first page writes its
      // log once its database is there): a navigation that reloads the page finds what the command did.
      await hook.saved();
      return result;
    },
    [name, args] as const,
  );
}

/** The log's state as the page holds it. */
export async function pageState<T = Record<string, unknown>>(page: Page): Promise<T> {
  await page.waitForFunction(() => 'countertop' in window);
  return page.evaluate(() => (window as unknown as { countertop: { state: () => T } }).countertop.state());
}

/** The page's session log (NDJSON text), unredacted. */
export async function pageSessionLog(page: Page): Promise<string> {
  await page.waitForFunction(() => 'countertop' in window);
  return page.evaluate(() => (window as unknown as { countertop: { sessionLog: (redact: boolean) => Promise<string> } }).countertop.sessionLog(false));
}

/** Resolves once everything the page folded is in its database (the first page writes it after it is up). */
export async function logSaved(page: Page): Promise<void> {
  await page.waitForFunction(() => 'countertop' in window);
  await page.evaluate(() => (window as unknown as { countertop: { saved: () => Promise<void> } }).countertop.saved());
}

// The error-reporting adapter (account-and-session.md section 9): console breadcrumbs dropped, messages cut at 1024
// characters, the call name always present; a DSN receives JSON events.
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH, createErrorReporter, toReportedEvent, truncateMessage } from '../../src/api/errorReporter';

describe('error reporting', () => {
  it('cuts messages over 1024 characters to exactly 1024', () => {
    const cut = truncateMessage('x'.repeat(5000));
    expect(cut).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(cut.endsWith('...')).toBe(true);
    expect(truncateMessage('short')).toBe('short');
  });

  it('drops breadcrumbs that came from the console and keeps the others', () => {
    const event = toReportedEvent(
      {
        call: 'Order/Place',
        message: 'HTTP 400',
        breadcrumbs: [
          { category: 'console', message: 'log line' },
          { category: 'navigation', message: '/checkout' },
        ],
      },
      0,
    );
    expect(event.breadcrumbs).toEqual([{ category: 'navigation', message: '/checkout' }]);
    expect(event.tags.call).toBe('Order/Place');
  });

  it('writes to the console without a DSN, naming the call', () => {
    const lines: unknown[][] = [];
    const report = createErrorReporter({ console: { error: (...args) => lines.push(args) } });
    report({ call: 'Catalog', message: 'offline' });
    expect(lines).toEqual([['[Catalog] offline']]);
  });

  it('POSTs the event as JSON to the DSN', async () => {
    const posted: { url: string; body: unknown }[] = [];
    const report = createErrorReporter({
      dsn: 'https://errors.example/api/1/store',
      console: { error: () => undefined },
      now: () => Date.UTC(2026, 0, 2),
      fetch: (url, init) => {
        posted.push({ url: String(url), body: JSON.parse(String(init?.body)) });
        return Promise.resolve(new Response(null, { status: 200 }));
      },
    });
    report({ call: 'Inventory/List', message: 'y'.repeat(2000), status: 502 });
    await Promise.resolve();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.url).toBe('https://errors.example/api/1/store');
    expect(posted[0]?.body).toMatchObject({
      call: 'Inventory/List',
      level: 'error',
      timestamp: '2026-01-02T00:00:00.000Z',
      tags: { call: 'Inventory/List', status: '502' },
    });
    expect((posted[0]?.body as { message: string }).message).toHaveLength(1024);
  });
});

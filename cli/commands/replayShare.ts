// `countertop replay --share CODE --token T [--inbox URL]`: a shared visit, read from the support inbox as the log file
// it serves (src/inbox/README.md), replayed exactly as an exported file is. The token is a staff token; the inbox is
// `npm start`'s by default.
import { fail } from '../io';

export interface ShareOptions {
  readonly share?: string;
  readonly token?: string;
  readonly inbox?: string;
}

/** What to replay: the log file named, or the text of the share the code names (and how to call it in messages). */
export async function replaySource(log: string | undefined, options: ShareOptions): Promise<{ readonly name: string; readonly text?: string }> {
  if (options.share === undefined) {
    if (log === undefined) fail('replay: name a log file, or a shared visit with --share CODE', 2);
    return { name: log };
  }
  if (log !== undefined) fail('replay: give a log file or --share CODE, not both', 2);
  const token = options.token ?? process.env.COUNTERTOP_SUPPORT_TOKEN;
  if (!token) fail('replay --share needs a staff token: --token T, or COUNTERTOP_SUPPORT_TOKEN', 2);
  const inbox = (options.inbox ?? process.env.COUNTERTOP_INBOX_URL ?? 'http://localhost:5173').replace(/\/+$/, '').replace(/\/inbox$/, '');
  const name = `share ${options.share}`;
  let res: Response;
  try {
    res = await fetch(`${inbox}/inbox/shares/lookup`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: options.share }),
    });
  } catch (error) {
    return fail(`${name}: cannot reach the support inbox at ${inbox} (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message})`);
  }
  if (!res.ok) {
    const said = (await res.json().catch(() => null)) as { message?: string } | null;
    const wait = res.headers.get('retry-after');
    fail(`${name}: the inbox answered ${res.status}: ${said?.message ?? res.statusText}${wait ? ` (retry after ${wait} s)` : ''}`);
  }
  return { name, text: await res.text() };
}

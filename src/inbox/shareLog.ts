// A share as a log file: the header (redacted, as every share is), the catalogs its events name, then its events, in
// exactly the format src/store/logFile.ts reads, so the support console, `countertop replay` and `log to-test` open
// it as they open an exported file. Written in pages of events, gzip when the client accepts it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { catalogLine, eventLine, headerLine } from '../store/logFile';
import type { InboxContext } from './context';
import { catalogsOf, eventsAfter } from './shareEvents';
import type { ShareRecord } from './shares';

const PAGE = 1000;

export async function sendShareLog(
  ctx: InboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  share: ShareRecord,
  headers: Record<string, string>,
): Promise<void> {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, {
    ...headers,
    'Content-Type': 'application/x-ndjson; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Disposition': `attachment; filename="${share.id}.log"`,
    'X-Share-Id': share.id,
    'X-Share-Stopped': share.stoppedAt === null ? 'false' : 'true',
    ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
  });
  const out: Writable = gzip ? createGzip() : res;
  if (gzip) (out as ReturnType<typeof createGzip>).pipe(res);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve)));
  await write(`${headerLine(share.appVersion, share.createdAt, true)}\n`);
  for (const catalog of await catalogsOf(ctx, share.id)) await write(`${catalogLine(catalog.hash, catalog.json)}\n`);
  for (let after = 0; ;) {
    const page = await eventsAfter(ctx, share.id, after, PAGE);
    if (page.length > 0) await write(`${page.map(eventLine).join('\n')}\n`);
    if (page.length < PAGE) break;
    after = page.at(-1)!.seq;
  }
  out.end();
}

// A share as a log file: the header (redacted, as every share is), the catalogs its events name, then its events, in
// exactly the format src/store/logFile.ts reads, so the support console, `countertop replay` and `log to-test` open
// it as they open an exported file. Its events are read in one query (a share is capped at a few MB), gzip when the
// client accepts it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { constants, createGzip } from 'node:zlib';
import { catalogLine, headerLine } from '../store/logFile';
import type { InboxContext } from './context';
import { catalogsOf, eventLinesOf } from './shareEvents';
import type { ShareRecord } from './shares';

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
  // The fastest level: a log's lines repeat so much that it compresses within 2% of the default level's size (2.7 MB of
  // events to 139 KB against 136 KB) in 40% of the time, and a 10,000-event share's open waits on it.
  const out: Writable = gzip ? createGzip({ level: constants.Z_BEST_SPEED }) : res;
  if (gzip) (out as ReturnType<typeof createGzip>).pipe(res);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve)));
  await write(`${headerLine(share.appVersion, share.createdAt, true)}\n`);
  for (const catalog of await catalogsOf(ctx, share.id)) await write(`${catalogLine(catalog.hash, catalog.json)}\n`);
  const events = await eventLinesOf(ctx, share.id);
  if (events !== '') await write(`${events}\n`);
  out.end();
}

// Following a share live, as server-sent events: the events after `after` (or Last-Event-ID) at once, then each new
// one as it is stored (the database announces appends: LISTEN/NOTIFY on PostgreSQL, in process on PGlite). Each
// message's data is one log line, so the console appends it as it reads a file: `event: catalog` before the first
// event that names a catalog, `event: event` with the seq as its id, and `event: stopped` when the shopper stops.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { catalogLine, eventLine } from '../store/logFile';
import type { InboxContext } from './context';
import { catalogText, eventsAfter } from './shareEvents';
import { shareById } from './shares';

const PAGE = 500;
/** A comment this often keeps proxies from closing an idle stream, and catches up on anything an announcement missed. */
const HEARTBEAT_MS = 15_000;

/** Streams until the client goes, the share stops or is purged, or `stopAll` is called; resolves when it ends. */
export function followShare(
  ctx: InboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  shareId: string,
  after: number,
  headers: Record<string, string>,
  streams: Set<() => void>,
): Promise<void> {
  res.writeHead(200, { ...headers, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
  res.write(': following\n\n');
  let cursor = after;
  let ended = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  const sentCatalogs = new Set<string>();
  return new Promise<void>((resolve) => {
    const end = () => {
      if (ended) return;
      ended = true;
      unsubscribe();
      clearInterval(heartbeat);
      streams.delete(end);
      res.end();
      resolve();
    };
    const send = (event: string, data: string, id?: number) => res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`);
    /** Sends what is new since the cursor; one pass at a time, and another if an announcement came meanwhile. */
    const pump = (): Promise<void> => {
      if (pumping) {
        again = true;
        return pumping;
      }
      pumping = (async () => {
        do {
          again = false;
          for (let page = await eventsAfter(ctx, shareId, cursor, PAGE); !ended; page = await eventsAfter(ctx, shareId, cursor, PAGE)) {
            for (const event of page) {
              const hash = event.type === 'CatalogLoaded' ? (event.data as { hash?: unknown }).hash : undefined;
              if (typeof hash === 'string' && !sentCatalogs.has(hash)) {
                sentCatalogs.add(hash);
                const text = await catalogText(ctx, hash);
                if (text !== null) send('catalog', catalogLine(hash, text));
              }
              send('event', eventLine(event), event.seq);
              cursor = event.seq;
            }
            if (page.length < PAGE) break;
          }
          const share = await shareById(ctx, shareId);
          if (share === null) {
            send('gone', JSON.stringify({ shareId }));
            end();
          } else if (share.stoppedAt !== null && cursor >= share.highestSeq) {
            send('stopped', JSON.stringify({ shareId, stoppedAt: share.stoppedAt, highestSeq: share.highestSeq }));
            end();
          }
        } while (again && !ended);
      })()
        .catch((error: Error) => {
          // A stream ended meanwhile (the inbox closing) has nothing to say.
          if (!ended) ctx.log(`following ${shareId} failed: ${error.message}`);
          end();
        })
        .finally(() => (pumping = null));
      return pumping;
    };
    const unsubscribe = ctx.db.onAnnounced((announced) => {
      if (announced === shareId) void pump();
    });
    const heartbeat = setInterval(() => {
      res.write(': still here\n\n');
      void pump();
    }, HEARTBEAT_MS);
    heartbeat.unref();
    streams.add(end);
    req.on('close', end);
    void pump();
  });
}

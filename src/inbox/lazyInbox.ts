// The inbox inside `npm start` and `vite preview`, beside the sandbox: opened on the first /inbox/ request (PGlite in
// the project's .countertop/inbox/, or COUNTERTOP_SUPPORT_DATABASE), so a dev server that never sees a shared visit
// never loads PGlite, and one that cannot open it still serves the storefront (the inbox answers 503 with the reason).
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import { INBOX_PREFIX, startInbox, type Inbox } from './createInbox';
import { openInboxDatabase } from './openDatabase';

export interface LazyInbox {
  /** Answers under /inbox/ (opening the inbox first, once); false for any other path, at once. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

export function lazyInbox(options: { readonly dir: string; readonly log: (line: string) => void }): LazyInbox {
  let opening: Promise<E.Either<string, Inbox>> | undefined;
  const open = async (): Promise<E.Either<string, Inbox>> => {
    const db = await openInboxDatabase({ dir: options.dir, log: options.log });
    if (E.isLeft(db)) {
      options.log(`support inbox unavailable: ${db.left}`);
      return db;
    }
    const inbox = await startInbox({ database: db.right, log: options.log });
    options.log(E.isRight(inbox) ? `support inbox open on ${db.right.kind}` : `support inbox unavailable: ${inbox.left}`);
    return inbox;
  };
  return {
    async handle(req, res) {
      if (!(req.url ?? '/').startsWith(INBOX_PREFIX)) return false;
      const inbox = await (opening ??= open());
      if (E.isRight(inbox)) return inbox.right.handle(req, res);
      res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: 'inbox_unavailable', message: inbox.left }));
      return true;
    },
    async close() {
      const inbox = await opening;
      if (inbox !== undefined && E.isRight(inbox)) await inbox.right.close();
    },
  };
}

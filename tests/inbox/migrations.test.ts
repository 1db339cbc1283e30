// The step that keeps each event's line as text: events stored before it get a line built from their columns, which
// the log reader reads back to the same events; events stored after it are answered exactly as the log file writes them.
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxDatabase } from '../../src/inbox/database';
import { MIGRATIONS, migrate } from '../../src/inbox/migrations';
import { INBOX_LIMITS } from '../../src/inbox/limits';
import { eventLinesOf } from '../../src/inbox/shareEvents';
import { readLogLine, splitLines, type RawEvent } from '../../src/store/logFile';
import { BACKENDS, START, redactedVisit } from './support';

describe.each(BACKENDS)("the inbox's stored lines on $name", (backend) => {
  let opened: Awaited<ReturnType<typeof backend.open>>;
  let db: InboxDatabase;
  let events: readonly RawEvent[];

  beforeAll(async () => {
    [opened, { events }] = await Promise.all([backend.open(), redactedVisit(40, 11)]);
    db = opened.db;
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('gives events stored before the step a line that reads back to the same events, and the step is recorded', async () => {
    const before = MIGRATIONS.filter((step) => step.version < 5);
    await migrate(db, () => START, before);
    const at = new Date(START).toISOString();
    await db.query(
      `INSERT INTO shares (id, code_hash, upload_secret_hash, business, app_version, created_at, last_event_at)
       VALUES ('old-share', 'code', 'secret', 'Hudson Cafe', '0.1.0-test', $1, $1)`,
      [at],
    );
    // As the inbox stored events before the step: columns and jsonb, no line (stored last first: read back in order).
    await db.query(
      `INSERT INTO events (share_id, seq, id, type, v, at, data)
       SELECT 'old-share', r.seq, r.id, r.type, r.v, r.at, r.data FROM jsonb_to_recordset($1::jsonb) AS r(seq integer, id text, type text, v integer, at text, data jsonb)`,
      [JSON.stringify([...events].reverse())],
    );
    const applied = await migrate(db, () => START);
    expect(applied.map((step) => step.version)).toEqual([5]);

    const text = await eventLinesOf({ db, limits: INBOX_LIMITS }, 'old-share');
    const read = splitLines(text).map((line, i) => readLogLine(line, i + 1, false));
    expect(read.map((item) => (E.isRight(item) && item.right?.kind === 'event' ? { seq: item.right.seq, ...item.right.raw } : item))).toEqual(events);
    expect(await eventLinesOf({ db, limits: INBOX_LIMITS }, 'no-such-share')).toBe('');
  });
});

// Export a store's log to NDJSON lines, and import such lines into a store, validating every line first.
import * as E from 'fp-ts/lib/Either.js';
import { splitLines, catalogLine, eventLine, headerLine, type RawEvent } from './logFile';
import { checkLog } from './logCheck';
import { createRedactor } from './redact';
import type { EventStore } from './eventStore';

export interface ExportOptions {
  readonly appVersion: string;
  readonly createdAt: string;
  readonly redact?: boolean;
}

/** The whole session as NDJSON lines: header, the catalog snapshots its events refer to, then the events. */
export async function exportLog(store: EventStore, options: ExportOptions): Promise<string[]> {
  const stored = await store.storedEvents();
  const hashes: string[] = [];
  for (const doc of stored) {
    const hash = doc.type === 'CatalogLoaded' ? (doc.data as { hash?: unknown }).hash : undefined;
    if (typeof hash === 'string' && !hashes.includes(hash)) hashes.push(hash);
  }
  const lines = [headerLine(options.appVersion, options.createdAt, options.redact === true)];
  for (const hash of hashes) {
    const text = await store.catalogs.text(hash);
    if (text !== undefined) lines.push(catalogLine(hash, text));
  }
  const redactor = options.redact ? createRedactor() : undefined;
  for (const doc of stored) {
    const raw: RawEvent = { seq: Number(doc.seq), id: doc.id, type: doc.type, v: doc.v, at: doc.at, data: doc.data };
    lines.push(eventLine(redactor ? redactor.event(raw) : raw));
  }
  return lines;
}

/**
 * Redacts an exported log's lines (the `log redact` command), read by the one log reader: a log with any problem is
 * refused whole, every problem named with its line, rather than passed on half-redacted.
 */
export async function redactLog(lines: AsyncIterable<string> | Iterable<string>): Promise<E.Either<string[], string[]>> {
  const redactor = createRedactor();
  const check = checkLog();
  const problems: string[] = [];
  const out: string[] = [];
  for await (const text of lines) {
    const item = await check.line(text);
    if (E.isLeft(item)) problems.push(...item.left);
    else if (item.right?.kind === 'header') out.push(headerLine(item.right.header.appVersion, item.right.header.createdAt, true));
    // A catalog is written as it came: its hash is of that text.
    else if (item.right?.kind === 'catalog') out.push(text);
    else if (item.right?.kind === 'event') out.push(eventLine(redactor.event({ seq: item.right.seq, ...item.right.raw })));
  }
  problems.push(...check.finish());
  return problems.length > 0 ? E.left(problems) : E.right(out);
}

/**
 * Imports an exported log into an empty store. Every line is checked before anything is written, and a corrupt line
 * is reported with its number; the store is left untouched on failure.
 */
export async function importLog(store: EventStore, text: string): Promise<E.Either<string[], number>> {
  const problems: string[] = [];
  const catalogs: Record<string, unknown>[] = [];
  const events: RawEvent[] = [];
  // The same reader replay and `log validate` use.
  const check = checkLog();
  for (const line of splitLines(text)) {
    const item = await check.line(line);
    if (E.isLeft(item)) {
      problems.push(...item.left);
      continue;
    }
    if (item.right?.kind === 'catalog') catalogs.push(item.right.catalog);
    else if (item.right?.kind === 'event') events.push({ seq: item.right.seq, ...item.right.raw });
  }
  problems.push(...check.finish());
  if (problems.length > 0) return E.left(problems);
  if (store.getState().log.lastSeq !== 0) return E.left(['the log can only be imported into an empty store']);
  for (const catalog of catalogs) {
    const put = await store.catalogs.put(catalog);
    if (E.isLeft(put)) return E.left(put.left);
  }
  const imported = await store.importEvents(events);
  return E.right(imported);
}

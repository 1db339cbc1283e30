// Export a store's log to NDJSON lines, and import such lines into a store, validating every line first.
import * as E from 'fp-ts/lib/Either.js';
import { splitLines, catalogLine, eventLine, headerLine, readLogLine, type RawEvent } from './logFile';
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

/** Redacts an exported log's text line by line (the `log redact` command). */
export function redactLines(lines: readonly string[]): E.Either<string, string[]> {
  const redactor = createRedactor();
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const item = readLogLine(lines[i]!, i + 1, i === 0);
    if (E.isLeft(item)) return item;
    const read = item.right;
    if (read === null) continue;
    if (read.kind === 'header') out.push(headerLine(read.header.appVersion, read.header.createdAt, true));
    else if (read.kind === 'catalog') out.push(lines[i]!);
    else out.push(eventLine(redactor.event({ seq: read.seq, ...read.raw })));
  }
  return E.right(out);
}

/**
 * Imports an exported log into an empty store. Every line is checked before anything is written, and a corrupt line
 * is reported with its number; the store is left untouched on failure.
 */
export async function importLog(store: EventStore, text: string): Promise<E.Either<string[], number>> {
  const problems: string[] = [];
  const catalogs: Record<string, unknown>[] = [];
  const events: RawEvent[] = [];
  const lines = splitLines(text);
  // The same check replay and `log validate` make.
  const check = checkLog();
  for (let i = 0; i < lines.length; i++) {
    const item = await check.line(lines[i]!, i + 1);
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

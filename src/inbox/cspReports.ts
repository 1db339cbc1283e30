// Content Security Policy violation reports, as browsers send them (the Reporting API's application/reports+json, and
// the older application/csp-report): kept small, without the query or fragment of any URL (they may hold what a
// shopper typed), and listed for staff. Retention deletes them with the shares.
import { nowIso, type InboxContext } from './context';
import { instant } from './database';

export interface CspReport {
  readonly id: number;
  readonly receivedAt: string;
  readonly documentUri: string;
  readonly blockedUri: string;
  readonly directive: string;
  readonly details: Readonly<Record<string, unknown>>;
}

type Violation = Omit<CspReport, 'id' | 'receivedAt'>;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 500) : typeof value === 'number' ? String(value) : '');

/** A URL without its query and fragment; a keyword such as 'inline' or 'eval' as it is. */
function withoutQuery(uri: string): string {
  return uri.replace(/[?#].*$/, '');
}

/** The violations a body holds, in either format; an empty list when it holds none. */
export function violationsOf(body: unknown): Violation[] {
  // application/reports+json: a list of reports, CSP ones typed 'csp-violation', their fields camel-cased.
  const reports = Array.isArray(body)
    ? body
        .map(record)
        .filter((report) => report.type === 'csp-violation')
        .map((report) => record(report.body))
    : [];
  const legacy = record(record(body)['csp-report']);
  const found = reports.map((r) => ({
    documentUri: r.documentURL,
    blockedUri: r.blockedURL,
    directive: r.effectiveDirective,
    details: { disposition: r.disposition, sourceFile: r.sourceFile, lineNumber: r.lineNumber, statusCode: r.statusCode },
  }));
  if (Object.keys(legacy).length > 0) {
    found.push({
      documentUri: legacy['document-uri'],
      blockedUri: legacy['blocked-uri'],
      directive: legacy['effective-directive'] ?? legacy['violated-directive'],
      details: { disposition: legacy.disposition, sourceFile: legacy['source-file'], lineNumber: legacy['line-number'], statusCode: legacy['status-code'] },
    });
  }
  return found.slice(0, 20).map((v) => ({
    documentUri: withoutQuery(text(v.documentUri)),
    blockedUri: withoutQuery(text(v.blockedUri)),
    directive: text(v.directive),
    details: Object.fromEntries(
      Object.entries(v.details).flatMap(([key, value]) => (value === undefined ? [] : [[key, key === 'sourceFile' ? withoutQuery(text(value)) : text(value)]])),
    ),
  }));
}

export async function storeCspReports(ctx: InboxContext, violations: readonly Violation[]): Promise<void> {
  for (const v of violations) {
    await ctx.db.query('INSERT INTO csp_reports (received_at, document_uri, blocked_uri, directive, details) VALUES ($1, $2, $3, $4, $5::jsonb)', [
      nowIso(ctx),
      v.documentUri,
      v.blockedUri,
      v.directive,
      JSON.stringify(v.details),
    ]);
  }
}

export async function recentCspReports(ctx: InboxContext, limit: number): Promise<CspReport[]> {
  const rows = await ctx.db.query<{
    id: string | number;
    received_at: unknown;
    document_uri: string;
    blocked_uri: string;
    directive: string;
    details: Record<string, unknown>;
  }>('SELECT id, received_at, document_uri, blocked_uri, directive, details FROM csp_reports ORDER BY received_at DESC, id DESC LIMIT $1', [limit]);
  return rows.map((row) => ({
    id: Number(row.id),
    receivedAt: instant(row.received_at),
    documentUri: row.document_uri,
    blockedUri: row.blocked_uri,
    directive: row.directive,
    details: row.details,
  }));
}

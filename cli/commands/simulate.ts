// `countertop simulate --catalog FILE --events N --seed S`: a realistic random session log on stdout, for
// exercising catalogs, replays and benchmarks. The same arguments always write the same bytes.
import type { Command } from 'commander';
import { filterLocations } from '../../src/domain/locations';
import { IsoInstant } from '../../src/events/envelope';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { APP_VERSION } from '../appVersion';
import { fail, readCatalog, readJson, write } from '../io';
import { simulateSession } from '../simulate/simulateSession';

// A log's instants have four-digit years (IsoInstant): the simulated session must end by the last of them.
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** --start as an instant a log can hold (not +275760-09-13T00:00:00Z, which Date reads). */
function startOf(text: string): number {
  const start = Date.parse(text);
  if (!IsoInstant.is(text) || Number.isNaN(start)) fail(`--start: expected an ISO-8601 UTC instant like 2026-11-18T15:00:00Z, got "${text}"`, 2);
  return start;
}

function positive(text: string, flag: string, min: number): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) fail(`${flag}: expected a whole number of at least ${min}, got "${text}"`, 2);
  return n;
}

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('write a realistic random shopper session log (NDJSON) to stdout')
    .requiredOption('--catalog <file>', 'catalog JSON')
    .requiredOption('--events <n>', 'number of events')
    .requiredOption('--seed <s>', 'seed; the same seed gives the same log')
    .option('--start <instant>', 'when the session starts', '2026-11-18T15:00:00Z')
    .option('--config <file>', 'config.json whose IncludeLocations/ExcludeLocations and QueueOrders apply')
    .action(async (options: { catalog: string; events: string; seed: string; start: string; config?: string }) => {
      const events = positive(options.events, '--events', 3);
      const seed = positive(options.seed, '--seed', 0);
      const start = startOf(options.start);
      const index = readCatalog(options.catalog);
      const json = readJson(options.catalog);
      const config = options.config ? (readJson(options.config) as { IncludeLocations?: string[]; ExcludeLocations?: string[]; QueueOrders?: boolean }) : {};
      const text = catalogText(json);
      const hash = await hashText(text);
      const locationIds = filterLocations(index.locations, config).map((l) => l.Id);
      const { drafts } = simulateSession({ catalog: index, hash, events, seed, start, end: LAST_INSTANT, locationIds, config });
      if (drafts.length < events) fail(`--start: the session reached the year 9999 after ${drafts.length} of ${events} events; start earlier`, 2);
      const chunks: string[] = [headerLine(APP_VERSION, new Date(start).toISOString(), false), catalogLine(hash, text)];
      const flush = () => {
        write(`${chunks.join('\n')}\n`);
        chunks.length = 0;
      };
      drafts.forEach((d, i) => {
        chunks.push(eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data }));
        if (chunks.length >= 2000) flush();
      });
      flush();
    });
}

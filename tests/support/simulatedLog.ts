// A long simulated visit as an exported log's text (header, catalog, events), for the console's benchmarks and its
// browser test of a long log: the pizza chain's four locations, one seed, as many events as asked. A regular's log
// (`visits`) is one simulated visit come back to day after day, which is quicker to make than one long visit.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { simulateSession } from '../../cli/simulate/simulateSession';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { fixtureCatalog, fixtureJson } from './fixtureCatalog';

const LOCATIONS = ['chain-brooklyn', 'chain-chicago', 'chain-denver', 'chain-silverlake'];

const DAY_MS = 86_400_000;

/** The log's lines, made one at a time as they are asked for. */
async function simulatedLines(events: number, seed: number, visits: number): Promise<Iterable<string>> {
  const json = fixtureJson('pizza-chain');
  const hash = await hashText(catalogText(json));
  const each = Math.ceil(events / visits);
  const { drafts } = simulateSession({ catalog: fixtureCatalog('pizza-chain'), hash, events: each, seed, locationIds: LOCATIONS });
  // Each visit again starts the day after the last one ended.
  const span = Date.parse(drafts.at(-1)!.at) - Date.parse(drafts[0]!.at) + DAY_MS;
  return (function* () {
    yield headerLine('bench', '2026-11-18T15:00:00.000Z', false);
    yield catalogLine(hash, catalogText(json));
    for (let seq = 1; seq <= events; seq++) {
      const visit = Math.floor((seq - 1) / each);
      const d = drafts[(seq - 1) % each]!;
      const at = visit === 0 ? d.at : new Date(Date.parse(d.at) + visit * span).toISOString();
      yield eventLine({ seq, id: visit === 0 ? d.id : `${d.id}-${visit}`, type: d.type, v: d.v ?? 1, at, data: d.data });
    }
  })();
}

export async function simulatedLog(events: number, seed = 3, visits = 1): Promise<string> {
  return `${[...(await simulatedLines(events, seed, visits))].join('\n')}\n`;
}

/**
 * The same log written to `path` a piece at a time: a million events' text (about 350 MB) is more than a test should
 * hold as one string or Buffer. Answers the file's size in bytes.
 */
export async function writeSimulatedLog(path: string, events: number, seed = 3, visits = 1): Promise<number> {
  const out = createWriteStream(path);
  let piece: string[] = [];
  const flush = async () => {
    if (!out.write(`${piece.join('\n')}\n`)) await once(out, 'drain');
    piece = [];
  };
  for (const line of await simulatedLines(events, seed, visits)) {
    piece.push(line);
    if (piece.length === 10_000) await flush();
  }
  if (piece.length > 0) await flush();
  out.end();
  await once(out, 'finish');
  return out.bytesWritten;
}

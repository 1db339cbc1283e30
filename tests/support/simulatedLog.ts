// A long simulated visit as an exported log's text (header, catalog, events), for the console's benchmarks and its
// browser test of a long log: the pizza chain's four locations, one seed, as many events as asked. A regular's log
// (`visits`) is one simulated visit come back to day after day, which is quicker to make than one long visit.
import { simulateSession } from '../../cli/simulate/simulateSession';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { fixtureCatalog, fixtureJson } from './fixtureCatalog';

const LOCATIONS = ['chain-brooklyn', 'chain-chicago', 'chain-denver', 'chain-silverlake'];

const DAY_MS = 86_400_000;

export async function simulatedLog(events: number, seed = 3, visits = 1): Promise<string> {
  const json = fixtureJson('pizza-chain');
  const hash = await hashText(catalogText(json));
  const each = Math.ceil(events / visits);
  const { drafts } = simulateSession({ catalog: fixtureCatalog('pizza-chain'), hash, events: each, seed, locationIds: LOCATIONS });
  const lines = [headerLine('bench', '2026-11-18T15:00:00.000Z', false), catalogLine(hash, catalogText(json))];
  // Each visit again starts the day after the last one ended.
  const span = Date.parse(drafts.at(-1)!.at) - Date.parse(drafts[0]!.at) + DAY_MS;
  for (let seq = 1; seq <= events; seq++) {
    const visit = Math.floor((seq - 1) / each);
    const d = drafts[(seq - 1) % each]!;
    const at = visit === 0 ? d.at : new Date(Date.parse(d.at) + visit * span).toISOString();
    lines.push(eventLine({ seq, id: visit === 0 ? d.id : `${d.id}-${visit}`, type: d.type, v: d.v ?? 1, at, data: d.data }));
  }
  return `${lines.join('\n')}\n`;
}

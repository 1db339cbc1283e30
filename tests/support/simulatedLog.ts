// A long simulated visit as an exported log's text (header, catalog, events), for the console's benchmarks and its
// browser test of a long log: the pizza chain's four locations, one seed, as many events as asked.
import { simulateSession } from '../../cli/simulate/simulateSession';
import { catalogText, hashText } from '../../src/store/catalogRepository';
import { catalogLine, eventLine, headerLine } from '../../src/store/logFile';
import { fixtureCatalog, fixtureJson } from './fixtureCatalog';

const LOCATIONS = ['chain-brooklyn', 'chain-chicago', 'chain-denver', 'chain-silverlake'];

export async function simulatedLog(events: number, seed = 3): Promise<string> {
  const json = fixtureJson('pizza-chain');
  const hash = await hashText(catalogText(json));
  const { drafts } = simulateSession({ catalog: fixtureCatalog('pizza-chain'), hash, events, seed, locationIds: LOCATIONS });
  const lines = [headerLine('bench', '2026-11-18T15:00:00.000Z', false), catalogLine(hash, catalogText(json))];
  drafts.forEach((d, i) => lines.push(eventLine({ seq: i + 1, id: d.id, type: d.type, v: d.v ?? 1, at: d.at, data: d.data })));
  return `${lines.join('\n')}\n`;
}

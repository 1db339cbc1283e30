// The fold of a log file, timed in a process of its own so that no other figure's work (or the simulator's) sways it:
// `tsx tests/bench/foldProcess.ts LOG` reads the log's event lines as a replay does, decodes them, folds them over
// the pizza chain's catalog (hash "h") and prints the timing as JSON. Run by eventLog.bench.ts.
import { readFileSync } from 'node:fs';
import * as E from 'fp-ts/lib/Either.js';
import type { DomainEvent } from '../../src/events/catalogue';
import { contextOf } from '../../src/events/context';
import { decodeEvent } from '../../src/events/envelope';
import { fold } from '../../src/events/reduce';
import { readLogLine, splitLines } from '../../src/store/logFile';
import { fixtureCatalog } from '../support/fixtureCatalog';
import { measure } from './harness';

const events: DomainEvent[] = splitLines(readFileSync(process.argv[2]!, 'utf8')).map((text, i) => {
  const item = readLogLine(text, i + 1, false);
  if (E.isLeft(item) || item.right?.kind !== 'event') throw new Error(`line ${i + 1}: not an event line`);
  const decoded = decodeEvent(item.right.raw, item.right.seq);
  if (E.isLeft(decoded) || decoded.right.kind !== 'event') throw new Error(`line ${i + 1}: does not decode`);
  return decoded.right.event;
});
const ctx = contextOf(new Map([['h', fixtureCatalog('pizza-chain')]]));
const timing = measure(() => fold(events, ctx), { iterations: 11, warmup: 2 });
process.stdout.write(JSON.stringify({ events: events.length, median: timing.median, min: timing.min }));

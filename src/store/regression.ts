// What `countertop log to-test` pins down, and what the test it writes checks: the state a support person looks at
// after event N (the bag, checkout, pickup, placement, warnings, the log's counts) and the why of it (line prices,
// totals, Place Order's blockers, drops, the failure). One projection, used when writing the test and when running it.
import * as E from 'fp-ts/lib/Either.js';
import { explain } from '../events/selectors/why';
import { openLogText, type Moment, type SeekableLog } from './seekableLog';

/** Opens a log and gives the moment after the event with sequence number `seq`; throws with the log's problems. */
export async function momentAtEvent(text: string, seq: number): Promise<{ readonly log: SeekableLog; readonly moment: Moment }> {
  const opened = await openLogText(text);
  if (E.isLeft(opened)) throw new Error(opened.left.join('\n'));
  const log = opened.right;
  const index = log.entries.findIndex((entry) => entry.seq === seq);
  if (index < 0) throw new Error(`the log has no event #${seq} (events #${log.entries[0]?.seq ?? '-'} to #${log.entries.at(-1)?.seq ?? '-'})`);
  return { log, moment: log.at(index) };
}

/** The support view of a moment as plain JSON data (undefined fields left out), for an exact comparison. */
export function supportView(log: SeekableLog, moment: Moment): unknown {
  const { state, client } = moment;
  const view = {
    page: client.path,
    dialog: client.dialog,
    editing: client.editing,
    bag: state.bag,
    checkout: state.checkout,
    pickup: state.pickup,
    placement: state.placement,
    warnings: state.warnings,
    log: { events: state.log.events, lastSeq: state.log.lastSeq, ignored: state.log.ignored, faults: state.log.faults, skipped: state.log.skipped },
    why: explain(state, log.context, client),
  };
  return JSON.parse(JSON.stringify(view)) as unknown;
}

// The clock's move of the pickup time as a warning (ordering.md section 4), for replays and support: apart from the
// checkout selectors, so the first page does not carry the time labels.
import { pickupMoveNotice } from '../../domain/time/pickupLabels';
import { currentLocation, type ReduceContext } from '../context';
import type { State } from '../state';
import type { Warning } from './bag';

/** The clock's last move of the pickup time, as the page announced it (day labels aside, which need the schedule). */
export function pickupMoveWarning(state: State, ctx: ReduceContext): Warning | null {
  const move = state.warnings.pickupMoved;
  if (move === null) return null;
  const zone = currentLocation(state, ctx)?.location.Timezone ?? 'UTC';
  return { seq: move.seq, at: move.at, kind: 'pickup', message: pickupMoveNotice(move.to, null, zone) };
}

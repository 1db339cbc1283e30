// Decisions a command makes before it appends: pure functions of the state, the catalogs and the moment, shared by
// the storefront's commands, the simulator and the tests, so each rule is applied in one place.
import type { Location } from '../domain/catalog/codecs';
import { resolvePickupChoice, type ResolvedPickupChoice } from '../domain/time/pickupChoice';
import { pickupSchedule } from '../domain/time/pickupSlots';
import type { State } from './state';

/**
 * The pickup date and time after selecting a location at `now` (ordering.md section 4): the shopper's own choice if
 * still valid there, otherwise the first valid day and time; 'must confirm date' when that day is not today.
 */
export function pickupOnSelection(state: State, location: Location, now: number): Pick<ResolvedPickupChoice, 'choice' | 'mustConfirmDate'> {
  const wanted = state.pickup.userSelected ? state.pickup.choice : null;
  const resolved = resolvePickupChoice(pickupSchedule(location, now), wanted);
  return { choice: resolved.choice, mustConfirmDate: resolved.mustConfirmDate };
}

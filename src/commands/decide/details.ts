// Checkout's typed details: the decisions over what the shopper wrote at checkout (the curbside vehicle, the dine-in
// table note, pickup notes and the guest's details), each judged by its form's rules (src/domain/forms). A concept of
// its own beside ./checkout.ts, which decides the choices made among what the location offers (fulfillment, pickup
// time, card) and needs no form rule. The forms' rules are heavy (the guest's bring the phone library), so the checkout
// commands take this module from their services' rules, fetched with the first form sent rather than with the first
// page (src/app/root/parts.ts); the simulator calls it directly.
import type { GuestDetails, Vehicle } from '../../events/catalogue';
import { validateDineIn } from '../../domain/forms/dineIn';
import { validateGuest } from '../../domain/forms/guest';
import { validatePickupNotes } from '../../domain/forms/pickupNotes';
import { validateVehicle } from '../../domain/forms/vehicle';
import type { State } from '../../events/state';
import { append, event, firstMessage, refuse, type Decision, type Given } from './decision';

export function saveVehicle(vehicle: Vehicle, given: Given): Decision {
  const message = firstMessage(validateVehicle(vehicle));
  if (message) return refuse(message);
  const trimmed = { make: vehicle.make.trim(), model: vehicle.model.trim(), color: vehicle.color.trim(), note: vehicle.note.trim() };
  return append(event('CurbsideVehicleSaved', { vehicle: trimmed, idempotencyKey: given.newKey() }));
}

/**
 * A table note, or 'skip note'. Unticking skip with no note yet is recorded too (the note is then missing, and Place
 * Order says so), so the log never keeps 'No Table' for a shopper who took it back; the answer is still the message.
 */
export function saveDineIn(state: State, values: { readonly note: string; readonly skipNote: boolean }, given: Given): Decision {
  const { note, skipNote } = values;
  const message = firstMessage(validateDineIn({ note, skipNote }));
  const missing = !skipNote && note.trim() === '';
  if (message && !missing) return refuse(message);
  const current = state.checkout.dineIn;
  const changed = skipNote ? !current.skipNote : current.skipNote || current.note !== note.trim();
  const facts = changed ? [event('DineInNoteSaved', { note: note.trim(), skipNote, idempotencyKey: given.newKey() })] : [];
  return message ? refuse(message, ...facts) : append(...facts);
}

export function savePickupNotes(state: State, notes: string, given: Given): Decision {
  const message = firstMessage(validatePickupNotes({ notes }));
  if (message) return refuse(message);
  if (state.checkout.pickupNotes === notes.trim()) return append();
  return append(event('PickupNotesSaved', { notes: notes.trim(), idempotencyKey: given.newKey() }));
}

/**
 * Saves a guest's details: `confirmed` when given with 'Continue' (the block then shows them), not when kept as typed
 * (a valid form left, or 'Place Order' pressed). Details already saved that way are not saved again.
 */
export function saveGuest(state: State, guest: GuestDetails, confirmed: boolean, given: Given): Decision {
  const message = firstMessage(validateGuest(guest));
  if (message) return refuse(message);
  const trimmed = { firstName: guest.firstName.trim(), lastName: guest.lastName.trim(), email: guest.email.trim(), phone: guest.phone.trim() };
  const saved = state.checkout.guest;
  const same =
    saved !== null &&
    saved.firstName === trimmed.firstName &&
    saved.lastName === trimmed.lastName &&
    saved.email === trimmed.email &&
    saved.phone === trimmed.phone;
  // Kept as typed never takes back a confirmation; the same details confirmed again change nothing.
  if (same && (state.checkout.guestConfirmed || !confirmed)) return append();
  return append(event('GuestDetailsSaved', { guest: trimmed, confirmed, idempotencyKey: given.newKey() }));
}

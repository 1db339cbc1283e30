// Pick-up instructions at checkout (ordering.md sections 5 and 9: at most 150 characters).
import { NOTES_LIMIT, notesTooLong } from './messages';
import { maxLength, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface PickupNotesValues {
  readonly notes: string;
}

const PICKUP_NOTES_RULES: FormRules<PickupNotesValues> = {
  notes: [maxLength(NOTES_LIMIT, notesTooLong(NOTES_LIMIT))],
};

/** Notes are optional, but the order API keeps at most 150 characters of them. */
export function validatePickupNotes(values: PickupNotesValues): FormErrors<keyof PickupNotesValues> {
  return validateForm(PICKUP_NOTES_RULES, values);
}

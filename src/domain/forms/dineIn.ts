// The dine-in table note (ordering.md section 4, Fulfillment, and section 5: a table note or skip).
import { NOTES_LIMIT, NO_TABLE, TABLE_NOTE_REQUIRED, notesTooLong } from './messages';
import { maxLength, required, validateForm, when } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface DineInValues {
  readonly note: string;
  /** Ticked 'skip note': the textarea is disabled and the note reads 'No Table'. */
  readonly skipNote: boolean;
}

export const DINE_IN_INITIAL_VALUES: DineInValues = { note: '', skipNote: false };

const DINE_IN_RULES: FormRules<DineInValues> = {
  note: [when((v: DineInValues) => !v.skipNote, [required(TABLE_NOTE_REQUIRED), maxLength(NOTES_LIMIT, notesTooLong(NOTES_LIMIT))])],
};

/** Dine-in orders need to know the table, unless the shopper skips the note. */
export function validateDineIn(values: DineInValues): FormErrors<keyof DineInValues> {
  return validateForm(DINE_IN_RULES, values);
}

/** Ticking 'skip note' sets the note to 'No Table'; unticking clears it for the shopper to type. */
export function setSkipTableNote(values: DineInValues, skipNote: boolean): DineInValues {
  if (skipNote) return { note: NO_TABLE, skipNote: true };
  return values.skipNote ? { note: '', skipNote: false } : values;
}

/** The note sent with the order: 'No Table' whenever the note was skipped. */
export function dineInNote(values: DineInValues): string {
  return values.skipNote ? NO_TABLE : values.note;
}

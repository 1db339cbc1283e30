// The note on a bag line, typed in the item panel (ordering.md section 5, Item panel: at most 50 characters).
import { ITEM_NOTE_LIMIT, notesTooLong } from './messages';
import { maxLength, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface ItemNoteValues {
  readonly note: string;
}

const ITEM_NOTE_RULES: FormRules<ItemNoteValues> = {
  note: [maxLength(ITEM_NOTE_LIMIT, notesTooLong(ITEM_NOTE_LIMIT))],
};

/** An item note is optional and short: it is printed on the kitchen ticket. */
export function validateItemNote(values: ItemNoteValues): FormErrors<keyof ItemNoteValues> {
  return validateForm(ITEM_NOTE_RULES, values);
}

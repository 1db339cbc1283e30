// Dine in (ordering.md sections 4 and 5): a table note, or 'skip note', which sets the note to 'No Table' and
// disables the textarea. The note is saved as the shopper pauses or leaves the field.
import { useState } from 'react';
import { NOTES_LIMIT } from '../../../domain/forms/messages';
import { setSkipTableNote, validateDineIn, type DineInValues } from '../../../domain/forms/dineIn';
import { useCommands } from '../../runtime/RuntimeContext';
import { TextField } from '../../forms/TextField';
import { useAutoSave } from '../../forms/useAutoSave';

export function DineInNote({ saved }: { readonly saved: DineInValues }) {
  const commands = useCommands();
  const [values, setValues] = useState<DineInValues>(saved);
  const [touched, setTouched] = useState(false);
  const errors = validateDineIn(values);
  const valid = !errors.note;
  const flush = useAutoSave(
    values.skipNote ? '' : values.note,
    saved.skipNote ? '' : saved.note,
    valid && !values.skipNote,
    (note) => void commands.saveDineIn(note, false),
  );

  const toggleSkip = (skip: boolean) => {
    const next = setSkipTableNote(values, skip);
    setValues(next);
    // Unticking asks for the note at once; the log records the missing note, so Place Order waits for it.
    setTouched(!skip);
    void commands.saveDineIn(skip ? '' : next.note, skip);
  };

  return (
    <div className="checkout-subform">
      <TextField
        label="Table Note"
        value={values.note}
        onChange={(note) => setValues((v) => ({ ...v, note }))}
        onBlur={() => {
          setTouched(true);
          flush();
        }}
        error={touched ? errors.note : undefined}
        hint="Your table number, or where you are sitting"
        multiline
        disabled={values.skipNote}
        limit={NOTES_LIMIT}
      />
      <label className="checkout-check">
        <input type="checkbox" checked={values.skipNote} onChange={(event) => toggleSkip(event.target.checked)} />
        <span>Skip note</span>
      </label>
    </div>
  );
}

// Pick-up instructions (ordering.md sections 2 and 5): optional, at most 150 characters, saved as the shopper pauses.
import { useState } from 'react';
import { NOTES_LIMIT } from '../../../domain/forms/messages';
import { validatePickupNotes } from '../../../domain/forms/pickupNotes';
import { useCommands } from '../../runtime/RuntimeContext';
import { TextField } from '../../forms/TextField';
import { useAutoSave } from '../../forms/useAutoSave';

export function PickupNotes({ saved }: { readonly saved: string }) {
  const commands = useCommands();
  const [notes, setNotes] = useState(saved);
  const error = validatePickupNotes({ notes }).notes;
  const flush = useAutoSave(notes, saved, !error, (value) => void commands.savePickupNotes(value));
  return (
    <div className="checkout-subform">
      <TextField
        label="Pickup Instructions (optional)"
        value={notes}
        onChange={setNotes}
        onBlur={flush}
        error={error}
        hint="Anything we should know when you arrive"
        multiline
        limit={NOTES_LIMIT}
      />
    </div>
  );
}

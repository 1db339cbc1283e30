// Curbside vehicle details (ordering.md sections 4 and 5): 'edit' until make, model and colour are saved, then
// 'display'; 'Change it' returns to edit. The vehicle is remembered for the next order.
import * as E from 'fp-ts/lib/Either.js';
import { useState, type FormEvent } from 'react';
import { NOTES_LIMIT } from '../../../domain/forms/messages';
import { VEHICLE_INITIAL_VALUES, validateVehicle, type VehicleValues } from '../../../domain/forms/vehicle';
import type { Vehicle } from '../../../events/catalogue';
import { useCommands } from '../../runtime/RuntimeContext';
import { TextField } from '../../forms/TextField';
import { useFocusHandoff } from '../../hooks/useFocusHandoff';

export function CurbsideVehicle({ vehicle }: { readonly vehicle: Vehicle | null }) {
  const commands = useCommands();
  const [editing, setEditing] = useState(vehicle === null);
  const [values, setValues] = useState<VehicleValues>(vehicle ?? VEHICLE_INITIAL_VALUES);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { handOff, focusTarget } = useFocusHandoff<'display' | 'form'>();
  const errors = validateVehicle(values);
  const shown = submitted ? errors : { note: errors.note };
  const set = (field: keyof VehicleValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  if (!editing && vehicle !== null) {
    return (
      <div className="checkout-display" ref={focusTarget('display')} tabIndex={-1} role="group" aria-label="Your vehicle">
        <div>
          <p className="checkout-display-title">Your vehicle</p>
          <p className="checkout-display-line">{[vehicle.color, vehicle.make, vehicle.model].join(' ')}</p>
          {vehicle.note ? <p className="checkout-display-line muted">{vehicle.note}</p> : null}
        </div>
        <button
          type="button"
          className="btn btn-link"
          onClick={() => {
            setValues(vehicle);
            setSubmitted(false);
            handOff('form');
            setEditing(true);
          }}
        >
          Change it<span className="visually-hidden"> (vehicle)</span>
        </button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.values(errors).some(Boolean)) return;
    setSaving(true);
    const result = await commands.saveVehicle(values);
    setSaving(false);
    if (E.isLeft(result)) setFailure(result.left);
    else {
      handOff('display');
      setEditing(false);
    }
  };

  return (
    <form ref={focusTarget('form')} className="checkout-subform" onSubmit={(event) => void submit(event)} noValidate aria-label="Vehicle details">
      <p className="checkout-subform-title">Vehicle details</p>
      <div className="checkout-grid-3">
        <TextField label="Vehicle Make" value={values.make} onChange={set('make')} error={shown.make} required placeholder="Toyota" />
        <TextField label="Vehicle Model" value={values.model} onChange={set('model')} error={shown.model} required placeholder="Camry" />
        <TextField label="Vehicle Color" value={values.color} onChange={set('color')} error={shown.color} required placeholder="Silver" />
      </div>
      <TextField
        label="Notes (optional)"
        value={values.note}
        onChange={set('note')}
        error={shown.note}
        multiline
        limit={NOTES_LIMIT}
        hint="Anything that helps us find you"
      />
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="checkout-actions">
        {vehicle !== null ? (
          <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={saving}>
          Save Vehicle
        </button>
      </div>
    </form>
  );
}

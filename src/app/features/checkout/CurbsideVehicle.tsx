// Curbside vehicle details (ordering.md sections 4 and 5): 'edit' until make, model and colour are saved, then
// 'display'; 'Change it' returns to edit. The vehicle is remembered for the next order. A complete form counts as
// given for 'Place Order', which saves it first, as 'Save Vehicle' would (./checkoutDrafts.tsx).
import { useMemo, useState } from 'react';
import { NOTES_LIMIT } from '../../../domain/forms/messages';
import { VEHICLE_INITIAL_VALUES, validateVehicle, type VehicleValues } from '../../../domain/forms/vehicle';
import type { Vehicle } from '../../../events/catalogue';
import { useCommands } from '../../runtime/RuntimeContext';
import { TextField } from '../../forms/TextField';
import { useForm } from '../../forms/useForm';
import { useFocusHandoff } from '../../hooks/useFocusHandoff';
import { useClientDetailsForm } from '../../shell/useClientEvents';
import { useCheckoutDrafts, useOfferDraft } from './checkoutDrafts';
import { FormFailure } from '../../forms/FormFailure';

const sameVehicle = (values: VehicleValues, saved: Vehicle | null) =>
  saved !== null &&
  values.make.trim() === saved.make &&
  values.model.trim() === saved.model &&
  values.color.trim() === saved.color &&
  values.note.trim() === saved.note;

export function CurbsideVehicle({ vehicle }: { readonly vehicle: Vehicle | null }) {
  const commands = useCommands();
  const [editing, setEditing] = useState(vehicle === null);
  const { handOff, focusTarget } = useFocusHandoff<'display' | 'form'>();
  const drafts = useCheckoutDrafts();
  const form = useForm<VehicleValues>({
    initial: vehicle ?? VEHICLE_INITIAL_VALUES,
    validate: validateVehicle,
    submit: (values) => commands.saveVehicle(values),
    // Saved by a press of 'Place Order', the form keeps still until that attempt ends (nothing moves under the press).
    onSaved: () =>
      drafts.afterPlacing(() => {
        handOff('display');
        setEditing(false);
      }),
  });
  // The form over a saved vehicle is in the log, so the support console shows it where the shopper saw it.
  const showForm = useClientDetailsForm('vehicle', editing && vehicle !== null) || vehicle === null;
  const valid = Object.keys(form.errors).length === 0;
  const { submit, values } = form;
  const draft = useMemo(
    () => (showForm ? { covers: 'vehicle' as const, complete: valid, save: async () => (valid && sameVehicle(values, vehicle) ? true : submit()) } : null),
    [showForm, valid, submit, values, vehicle],
  );
  useOfferDraft('vehicle', draft);
  // The note's length limit shows while typing, not only once the field is left.
  const shown = { ...form.shown, note: form.errors.note };

  if (!showForm) {
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
            form.reset(vehicle);
            handOff('form');
            setEditing(true);
          }}
        >
          Change it<span className="visually-hidden"> (vehicle)</span>
        </button>
      </div>
    );
  }

  return (
    <form className="checkout-subform" {...form.formProps(focusTarget('form'))} aria-label="Vehicle details">
      <p className="checkout-subform-title">Vehicle details</p>
      <div className="checkout-grid-3">
        <TextField label="Vehicle Make" {...form.field('make')} required placeholder="Toyota" />
        <TextField label="Vehicle Model" {...form.field('model')} required placeholder="Camry" />
        <TextField label="Vehicle Color" {...form.field('color')} required placeholder="Silver" />
      </div>
      <TextField label="Notes (optional)" {...form.field('note')} error={shown.note} multiline limit={NOTES_LIMIT} hint="Anything that helps us find you" />
      <FormFailure failure={form.failure} />
      <div className="checkout-actions">
        {vehicle !== null ? (
          <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={form.saving}>
          Save Vehicle
        </button>
      </div>
    </form>
  );
}

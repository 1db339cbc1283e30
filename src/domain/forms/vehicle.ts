// Curbside vehicle details (ordering.md section 5, Vehicle; section 9 for the 150-character instructions).
import { NAME_LIMIT, NOTES_LIMIT, VEHICLE_COLOR_REQUIRED, VEHICLE_MAKE_REQUIRED, VEHICLE_MODEL_REQUIRED, notesTooLong, tooLong } from './messages';
import { maxLength, required, validateForm } from './rules';
import type { FormErrors, FormRules } from './rules';

export interface VehicleValues {
  readonly make: string;
  readonly model: string;
  readonly color: string;
  /** Instructions for the curbside runner. */
  readonly note: string;
}

export const VEHICLE_INITIAL_VALUES: VehicleValues = { make: '', model: '', color: '', note: '' };

const VEHICLE_RULES: FormRules<VehicleValues> = {
  make: [required(VEHICLE_MAKE_REQUIRED), maxLength(NAME_LIMIT, tooLong('Vehicle Make', NAME_LIMIT))],
  model: [required(VEHICLE_MODEL_REQUIRED), maxLength(NAME_LIMIT, tooLong('Vehicle Model', NAME_LIMIT))],
  color: [required(VEHICLE_COLOR_REQUIRED), maxLength(NAME_LIMIT, tooLong('Vehicle Color', NAME_LIMIT))],
  note: [maxLength(NOTES_LIMIT, notesTooLong(NOTES_LIMIT))],
};

/** The runner needs make, model and colour to find the car; the curbside block shows 'display' only once they pass. */
export function validateVehicle(values: VehicleValues): FormErrors<keyof VehicleValues> {
  return validateForm(VEHICLE_RULES, values);
}

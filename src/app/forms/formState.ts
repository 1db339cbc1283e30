// The one form loop every storefront form runs, as plain data: values, which fields the shopper has left, whether
// they pressed the button, saving, and the failure of the last save. Errors come from the domain's rule lists and are
// shown for a field once the shopper has changed and left it, and for every field once the form was submitted: never
// on opening, and never for a field only passed through.
import type { FormErrors } from '../../domain/forms/rules';

export interface FormState<V> {
  readonly values: V;
  /** Fields the shopper has changed. */
  readonly changed: Readonly<Partial<Record<keyof V & string, true>>>;
  /** Fields the shopper has changed and then left: their errors show from then on. */
  readonly touched: Readonly<Partial<Record<keyof V & string, true>>>;
  readonly submitted: boolean;
  readonly saving: boolean;
  /** What the last save answered when it failed; what the shopper entered is kept. */
  readonly failure: string | null;
}

export type FormAction<V> =
  | { readonly type: 'change'; readonly field: keyof V & string; readonly value: V[keyof V] }
  /** A change the page computes from the values as they are then (a state prefilled once the ZIP table is in). */
  | { readonly type: 'update'; readonly update: (values: V) => V }
  | { readonly type: 'blur'; readonly field: keyof V & string }
  | { readonly type: 'submit' }
  | { readonly type: 'saving' }
  | { readonly type: 'saved' }
  | { readonly type: 'failed'; readonly message: string }
  /** The browser lost the network while a save was on its way: no failure to show, the form waits for it. */
  | { readonly type: 'waiting' }
  | { readonly type: 'reset'; readonly values: V };

export function initialForm<V>(values: V): FormState<V> {
  return { values, changed: {} as FormState<V>['changed'], touched: {} as FormState<V>['touched'], submitted: false, saving: false, failure: null };
}

export function formReducer<V>(state: FormState<V>, action: FormAction<V>): FormState<V> {
  switch (action.type) {
    case 'change':
      return {
        ...state,
        values: { ...state.values, [action.field]: action.value },
        changed: state.changed[action.field] ? state.changed : { ...state.changed, [action.field]: true },
      };
    case 'update':
      return { ...state, values: action.update(state.values) };
    case 'blur':
      // A field only passed through (tabbed past, or focused on opening) is not judged until the button is pressed.
      return state.touched[action.field] || !state.changed[action.field] ? state : { ...state, touched: { ...state.touched, [action.field]: true } };
    case 'submit':
      return { ...state, submitted: true, failure: null };
    case 'saving':
      return { ...state, saving: true };
    case 'saved':
      return { ...state, saving: false, failure: null };
    case 'failed':
      return { ...state, saving: false, failure: action.message };
    case 'waiting':
      return { ...state, saving: false, failure: null };
    case 'reset':
      return initialForm(action.values);
  }
}

/** The errors the shopper sees: a field's once it was left, all of them once the form was submitted. */
export function shownErrors<V>(state: FormState<V>, errors: FormErrors<keyof V & string>): FormErrors<keyof V & string> {
  if (state.submitted) return errors;
  const shown: Partial<Record<keyof V & string, string>> = {};
  for (const field of Object.keys(errors) as (keyof V & string)[]) if (state.touched[field]) shown[field] = errors[field]!;
  return shown;
}

/** Whether any field has an error (shown or not): the button refuses, and says why, rather than sending. */
export function hasErrors(errors: FormErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

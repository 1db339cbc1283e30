// The one form loop: errors appear for a field once it was left and for all once the form was submitted, never on
// opening; a failed save keeps what was entered.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateGuest, GUEST_INITIAL_VALUES, type GuestValues } from '../../src/domain/forms/guest';
import { formReducer, hasErrors, initialForm, shownErrors, type FormAction } from '../../src/app/forms/formState';

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

describe('the form loop', () => {
  it('shows nothing on opening, although every field is invalid', () => {
    const state = initialForm(GUEST_INITIAL_VALUES);
    const errors = validateGuest(state.values);
    expect(hasErrors(errors)).toBe(true);
    expect(shownErrors(state, errors)).toEqual({});
  });

  it('shows a field’s error once the shopper has changed and left it, and only that one', () => {
    let state = formReducer(initialForm<GuestValues>(GUEST_INITIAL_VALUES), { type: 'change', field: 'email', value: 'ada@' });
    expect(shownErrors(state, validateGuest(state.values))).toEqual({});
    state = formReducer(state, { type: 'blur', field: 'email' });
    expect(shownErrors(state, validateGuest(state.values))).toEqual({ email: 'Email Address is not valid' });
  });

  it('does not judge a field the shopper only passed through', () => {
    const passed = formReducer(initialForm(GUEST_INITIAL_VALUES), { type: 'blur', field: 'email' });
    expect(shownErrors(passed, validateGuest(passed.values))).toEqual({});
  });

  it('shows every error once the button was pressed', () => {
    const submitted = formReducer(initialForm(GUEST_INITIAL_VALUES), { type: 'submit' });
    expect(Object.keys(shownErrors(submitted, validateGuest(submitted.values))).sort()).toEqual([...FIELDS].sort());
  });

  it('keeps what was entered when a save fails, with its message', () => {
    let state = initialForm<GuestValues>(GUEST_INITIAL_VALUES);
    state = formReducer(state, { type: 'change', field: 'firstName', value: 'Ada' });
    state = formReducer(state, { type: 'submit' });
    state = formReducer(state, { type: 'saving' });
    state = formReducer(state, { type: 'failed', message: 'Could not save.' });
    expect(state).toMatchObject({ values: { firstName: 'Ada' }, saving: false, failure: 'Could not save.' });
    expect(formReducer(state, { type: 'submit' }).failure).toBeNull();
  });

  it('never shows an error for a field the shopper neither left nor submitted, whatever they typed', () => {
    const action = fc.oneof(
      fc.record({ type: fc.constant('change' as const), field: fc.constantFrom(...FIELDS), value: fc.string() }),
      fc.record({ type: fc.constant('blur' as const), field: fc.constantFrom(...FIELDS) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 20 }), (actions) => {
        const state = actions.reduce((s, a) => formReducer(s, a as FormAction<GuestValues>), initialForm<GuestValues>(GUEST_INITIAL_VALUES));
        const shown = shownErrors(state, validateGuest(state.values));
        return Object.keys(shown).every(
          (field) => actions.some((a) => a.type === 'blur' && a.field === field) && actions.some((a) => a.type === 'change' && a.field === field),
        );
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import * as fc from 'fast-check';
import { zipCentroids } from '../../src/data/zipCentroids';
import { decodeZipTable } from '../../src/domain/postal/zipEncoding';
import { GUEST_RULES, validateGuest } from '../../src/domain/forms/guest';
import type { GuestValues } from '../../src/domain/forms/guest';
import {
  billingAddressInitialValues,
  billingFormValues,
  cardBillingAddress,
  prefillBillingState,
  validateBillingAddress,
} from '../../src/domain/forms/billingAddress';
import { validateVehicle } from '../../src/domain/forms/vehicle';
import { validatePickupNotes } from '../../src/domain/forms/pickupNotes';
import { validateItemNote } from '../../src/domain/forms/itemNote';
import { DINE_IN_INITIAL_VALUES, dineInNote, setSkipTableNote, validateDineIn } from '../../src/domain/forms/dineIn';
import { LOGIN_INITIAL_VALUES, SIGN_IN_REGISTER_INITIAL_VALUES, validateLogin, validateSignInRegister } from '../../src/domain/forms/login';
import { SIGN_UP_INITIAL_VALUES, SIGN_UP_RULES, validateSignUp } from '../../src/domain/forms/signUp';
import type { SignUpValues } from '../../src/domain/forms/signUp';
import { validateForgotPassword, validateResetPassword } from '../../src/domain/forms/passwordReset';
import { profileRules, validateProfile } from '../../src/domain/forms/profile';
import type { ProfileValues } from '../../src/domain/forms/profile';
import { validateRewardsEnroll, validateRewardsVerify } from '../../src/domain/forms/rewards';
import { validateVerificationCode } from '../../src/domain/forms/verificationCode';
import { signInModes } from '../../src/domain/forms/signInModes';
import type { SignInModes } from '../../src/domain/forms/signInModes';
import { firstFailure, fieldText, isValid, maxLength, required, validateForm, when } from '../../src/domain/forms/rules';
import type { FormRules } from '../../src/domain/forms/rules';

const PHONE = '213-373-4253';
const EMAIL = 'ada@example.com';
const table = (() => {
  const t = decodeZipTable(zipCentroids);
  if (E.isLeft(t)) throw new Error(t.left);
  return t.right;
})();

const emailPassword: SignInModes = { usernameMode: 'Email', passwordMode: 'UserDefined' };
const emailCode: SignInModes = { usernameMode: 'Email', passwordMode: 'OneTime' };
const phonePassword: SignInModes = { usernameMode: 'Phone', passwordMode: 'UserDefined' };
const phoneCode: SignInModes = { usernameMode: 'Phone', passwordMode: 'OneTime' };

describe('the rule combinator', () => {
  it('keeps only the first failing rule of a field, in the order the rules are listed', () => {
    const rules: FormRules<{ a: string }> = { a: [required('first'), maxLength(0, 'second')] };
    expect(validateForm(rules, { a: '' })).toEqual({ a: 'first' });
    expect(validateForm(rules, { a: 'x' })).toEqual({ a: 'second' });
  });

  it('gives an empty map for a valid form, and isValid says so', () => {
    expect(validateGuest({ firstName: 'Ada', lastName: 'Lovelace', email: EMAIL, phone: PHONE })).toEqual({});
    expect(isValid({})).toBe(true);
    expect(isValid({ firstName: 'First Name is required' })).toBe(false);
  });

  it('runs conditional rules only when their condition holds', () => {
    const rule = when((v: { on: boolean }) => v.on, [required('needed')]);
    expect(rule('', { on: false })).toBeUndefined();
    expect(rule('', { on: true })).toBe('needed');
  });

  it('treats text of spaces only as empty', () => {
    expect(validateGuest({ firstName: '  ', lastName: '\t', email: ' ', phone: ' ' })).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email Address is required',
      phone: 'Phone Number is required',
    });
  });

  it('reports, for any values, exactly the first failing rule of each field and nothing for passing fields', () => {
    const text = fc.oneof(fc.constantFrom('', ' ', PHONE, EMAIL, 'ada@', '12345', 'secret'), fc.string({ maxLength: 12 }));
    const values = fc.record({
      firstName: text,
      lastName: text,
      email: text,
      phone: text,
      password: text,
      confirmPassword: text,
      textNotificationOptIn: fc.boolean(),
    });
    fc.assert(
      fc.property(values, (v: SignUpValues) => {
        const errors = validateSignUp(v);
        for (const field of Object.keys(SIGN_UP_RULES) as (keyof SignUpValues)[]) {
          expect(errors[field]).toBe(firstFailure(SIGN_UP_RULES[field] ?? [], fieldText(v[field]), v));
        }
        expect(Object.keys(errors).every((f) => f in SIGN_UP_RULES)).toBe(true);
        expect(isValid(errors)).toBe(Object.keys(errors).length === 0);
      }),
    );
  });

  it('never says a guest field is not valid while it is empty, nor required once it is filled', () => {
    const text = fc.oneof(fc.constantFrom('', '  ', PHONE, EMAIL, 'x'), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(fc.record({ firstName: text, lastName: text, email: text, phone: text }), (v: GuestValues) => {
        const errors = validateGuest(v);
        for (const field of Object.keys(GUEST_RULES) as (keyof GuestValues)[]) {
          const empty = v[field].trim() === '';
          expect(errors[field]?.endsWith('is required') ?? false).toBe(empty);
        }
      }),
    );
  });
});

describe('guest form (ordering.md section 5)', () => {
  const guest: GuestValues = { firstName: 'Ada', lastName: 'Lovelace', email: EMAIL, phone: PHONE };

  it('requires every field, with the spec wording', () => {
    expect(validateGuest({ firstName: '', lastName: '', email: '', phone: '' })).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email Address is required',
      phone: 'Phone Number is required',
    });
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@exa mple.com'])('says %s is not a valid email', (email) => {
    expect(validateGuest({ ...guest, email })).toEqual({ email: 'Email Address is not valid' });
  });

  it.each(['ada@example.com', 'ada.lovelace+food@mail.example.co.uk', ' ada@example.com '])('accepts %s as an email', (email) => {
    expect(validateGuest({ ...guest, email })).toEqual({});
  });

  it('says a phone number that is not a US number is not valid', () => {
    expect(validateGuest({ ...guest, phone: '123-456-7890' })).toEqual({ phone: 'Phone Number is not valid' });
  });
});

describe('billing address form (ordering.md section 5)', () => {
  it('requires address line 1, city and state, and not line 2', () => {
    expect(validateBillingAddress({ addressLine1: '', addressLine2: '', city: '', state: '', postalCode: '10001' })).toEqual({
      addressLine1: 'Address Line 1 is required',
      city: 'City is required',
      state: 'State is required',
    });
    expect(validateBillingAddress({ addressLine1: '1 Main St', addressLine2: '', city: 'New York', state: 'NY', postalCode: '10001' })).toEqual({});
  });

  it('prefills the state from the card postal code', () => {
    expect(billingAddressInitialValues('00601', table).state).toBe('PR');
    expect(billingAddressInitialValues('34034', table).state).toBe('AA');
  });

  it('leaves the state empty for an unknown code or while the table is loading', () => {
    expect(billingAddressInitialValues('00000', table).state).toBe('');
    expect(billingAddressInitialValues('10001', undefined).state).toBe('');
  });

  it('keeps a state the shopper already chose', () => {
    const values = { addressLine1: '', addressLine2: '', city: '', state: 'NJ', postalCode: '10001' };
    expect(prefillBillingState(values, table)).toBe(values);
  });
});

describe("a card's billing address, from the form and back", () => {
  it("sends the form trimmed, with the card's own postal code rather than the one in the form", () => {
    const values = { addressLine1: ' 1 Main St ', addressLine2: '', city: 'Springfield ', state: ' IL', postalCode: '99999' };
    expect(cardBillingAddress(values, '62701')).toEqual({ address1: '1 Main St', address2: '', city: 'Springfield', state: 'IL', postalCode: '62701' });
  });

  it("opens the form for another card with a refused card's street, city and state, and blanks for what it lacks", () => {
    expect(billingFormValues({ address1: '1 Main St', state: 'IL', postalCode: '62701' })).toEqual({
      addressLine1: '1 Main St',
      addressLine2: '',
      city: '',
      state: 'IL',
    });
  });

  it('gives back what was sent, trimmed: one shape on each side of the edge', () => {
    const field = fc.string({ maxLength: 12 });
    fc.assert(
      fc.property(fc.record({ addressLine1: field, addressLine2: field, city: field, state: field, postalCode: field }), field, (values, postalCode) => {
        const { postalCode: _typed, ...rest } = values;
        const trimmed = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v.trim()]));
        expect(billingFormValues(cardBillingAddress(values, postalCode))).toEqual(trimmed);
        expect(cardBillingAddress(values, postalCode).postalCode).toBe(postalCode);
      }),
    );
  });
});

describe('fulfillment forms (ordering.md sections 4, 5 and 9)', () => {
  it('requires vehicle make, model and colour', () => {
    expect(validateVehicle({ make: '', model: '', color: '', note: '' })).toEqual({
      make: 'Vehicle Make is required',
      model: 'Vehicle Model is required',
      color: 'Vehicle Color is required',
    });
  });

  it('allows curbside instructions up to 150 characters', () => {
    const car = { make: 'Honda', model: 'Civic', color: 'Blue' };
    expect(validateVehicle({ ...car, note: 'x'.repeat(150) })).toEqual({});
    expect(validateVehicle({ ...car, note: 'x'.repeat(151) })).toEqual({ note: 'Notes must be 150 characters or fewer' });
  });

  it('allows pickup notes up to 150 characters', () => {
    expect(validatePickupNotes({ notes: '' })).toEqual({});
    expect(validatePickupNotes({ notes: 'x'.repeat(150) })).toEqual({});
    expect(validatePickupNotes({ notes: 'x'.repeat(151) })).toEqual({ notes: 'Notes must be 150 characters or fewer' });
  });

  it('allows item notes up to 50 characters', () => {
    expect(validateItemNote({ note: 'x'.repeat(50) })).toEqual({});
    expect(validateItemNote({ note: 'x'.repeat(51) })).toEqual({ note: 'Notes must be 50 characters or fewer' });
  });

  it('needs a dine-in table note unless the note is skipped', () => {
    expect(validateDineIn(DINE_IN_INITIAL_VALUES)).toEqual({ note: 'Table Note is required' });
    expect(validateDineIn({ note: 'Table 4', skipNote: false })).toEqual({});
    expect(validateDineIn({ note: '', skipNote: true })).toEqual({});
    expect(validateDineIn({ note: 'x'.repeat(151), skipNote: false })).toEqual({ note: 'Notes must be 150 characters or fewer' });
  });

  it("turns the note into 'No Table' when skip is ticked, and clears it when unticked", () => {
    const skipped = setSkipTableNote({ note: 'Table 4', skipNote: false }, true);
    expect(skipped).toEqual({ note: 'No Table', skipNote: true });
    expect(dineInNote({ note: 'Table 4', skipNote: true })).toBe('No Table');
    expect(setSkipTableNote(skipped, false)).toEqual({ note: '', skipNote: false });
    expect(dineInNote({ note: 'Table 4', skipNote: false })).toBe('Table 4');
  });
});

describe('login form (account-and-session.md section 5)', () => {
  it('needs email and password with an email username and a chosen password', () => {
    expect(validateLogin(LOGIN_INITIAL_VALUES, emailPassword)).toEqual({ email: 'Email Address is required', password: 'Password is required' });
    expect(validateLogin({ ...LOGIN_INITIAL_VALUES, email: 'ada', password: 'x' }, emailPassword)).toEqual({ email: 'Email Address is not valid' });
  });

  it('needs only the email for a one-time code', () => {
    expect(validateLogin(LOGIN_INITIAL_VALUES, emailCode)).toEqual({ email: 'Email Address is required' });
    expect(validateLogin({ ...LOGIN_INITIAL_VALUES, email: EMAIL }, emailCode)).toEqual({});
  });

  it('needs phone and password with a phone username and a chosen password', () => {
    expect(validateLogin(LOGIN_INITIAL_VALUES, phonePassword)).toEqual({ phone: 'Phone Number is required', password: 'Password is required' });
    expect(validateLogin({ ...LOGIN_INITIAL_VALUES, phone: '12345', password: 'x' }, phonePassword)).toEqual({ phone: 'Phone Number is not valid' });
  });

  it('needs only the phone for a one-time code', () => {
    expect(validateLogin(LOGIN_INITIAL_VALUES, phoneCode)).toEqual({ phone: 'Phone Number is required' });
    expect(validateLogin({ ...LOGIN_INITIAL_VALUES, phone: PHONE }, phoneCode)).toEqual({});
  });

  it('signs in by email and a chosen password when the catalog names no mode', () => {
    expect(signInModes({})).toEqual(emailPassword);
    expect(signInModes({ UsernameMode: 'Phone', PasswordMode: 'OneTime' })).toEqual(phoneCode);
  });
});

describe('register step of the sign-in page', () => {
  it('starts opted in to text notifications', () => {
    expect(SIGN_IN_REGISTER_INITIAL_VALUES.textNotificationOptIn).toBe(true);
  });

  it('asks for names and the phone when the username is an email', () => {
    expect(validateSignInRegister(SIGN_IN_REGISTER_INITIAL_VALUES, emailCode)).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      phone: 'Phone Number is required',
    });
  });

  it('asks for names and the email when the username is a phone', () => {
    expect(validateSignInRegister({ ...SIGN_IN_REGISTER_INITIAL_VALUES, firstName: 'Ada', lastName: 'L', email: 'ada@' }, phoneCode)).toEqual({
      email: 'Email Address is not valid',
    });
  });
});

describe('sign-up page', () => {
  it('starts opted in to text notifications', () => {
    expect(SIGN_UP_INITIAL_VALUES.textNotificationOptIn).toBe(true);
  });

  it('requires every field', () => {
    expect(validateSignUp(SIGN_UP_INITIAL_VALUES)).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email Address is required',
      phone: 'Phone Number is required',
      password: 'Password is required',
      confirmPassword: 'Password Confirmation is required',
    });
  });

  it('needs the confirmation to repeat the password exactly', () => {
    const values = { ...SIGN_UP_INITIAL_VALUES, firstName: 'Ada', lastName: 'L', email: EMAIL, phone: PHONE, password: 'secret' };
    expect(validateSignUp({ ...values, confirmPassword: 'Secret' })).toEqual({ confirmPassword: 'Password Confirmation must match Password' });
    expect(validateSignUp({ ...values, confirmPassword: 'secret' })).toEqual({});
  });
});

describe('forgot and reset password', () => {
  it('needs a valid email to send a reset code', () => {
    expect(validateForgotPassword({ email: '' })).toEqual({ email: 'Email Address is required' });
    expect(validateForgotPassword({ email: 'ada' })).toEqual({ email: 'Email Address is not valid' });
  });

  it('requires code, email, password and confirmation', () => {
    expect(validateResetPassword({ code: '', email: '', password: '', confirmPassword: '' })).toEqual({
      code: 'Code is required',
      email: 'Email Address is required',
      password: 'Password is required',
      confirmPassword: 'Password Confirmation is required',
    });
  });

  it("uses the reset page's own wording for an invalid email", () => {
    expect(validateResetPassword({ code: '1', email: 'ada', password: 'a', confirmPassword: 'a' })).toEqual({ email: 'Email address is not valid!' });
  });

  it('needs the confirmation to match', () => {
    expect(validateResetPassword({ code: '1', email: EMAIL, password: 'a', confirmPassword: 'b' })).toEqual({
      confirmPassword: 'Password Confirmation must match Password',
    });
  });
});

describe('profile form', () => {
  const profile: ProfileValues = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: EMAIL,
    phone: PHONE,
    password: '',
    confirmPassword: '',
    textNotificationOptIn: false,
  };

  it('always requires first and last name', () => {
    expect(validateProfile({ ...profile, firstName: '', lastName: '' }, phoneCode)).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
    });
  });

  it('requires the phone in email mode and the email in phone mode', () => {
    expect(validateProfile({ ...profile, phone: '', email: '' }, emailCode)).toEqual({ phone: 'Phone Number is required' });
    expect(validateProfile({ ...profile, phone: '', email: '' }, phoneCode)).toEqual({ email: 'Email Address is required' });
    expect(validateProfile({ ...profile, phone: '12' }, emailCode)).toEqual({ phone: 'Phone Number is not valid' });
  });

  it('leaves both passwords optional while neither is filled', () => {
    expect(validateProfile(profile, emailPassword)).toEqual({});
  });

  it('requires the confirmation once the password is filled', () => {
    expect(validateProfile({ ...profile, password: 'secret' }, emailPassword)).toEqual({ confirmPassword: 'Password Confirmation is required' });
  });

  it('requires the password once the confirmation is filled, and says they do not match', () => {
    expect(validateProfile({ ...profile, confirmPassword: 'secret' }, emailPassword)).toEqual({
      password: 'Password is required',
      confirmPassword: 'Password Confirmation must match Password',
    });
  });

  it('needs filled passwords to match', () => {
    expect(validateProfile({ ...profile, password: 'a', confirmPassword: 'b' }, emailPassword)).toEqual({
      confirmPassword: 'Password Confirmation must match Password',
    });
    expect(validateProfile({ ...profile, password: 'a', confirmPassword: 'a' }, emailPassword)).toEqual({});
  });

  it('checks no password with one-time codes', () => {
    expect(validateProfile({ ...profile, password: 'a', confirmPassword: 'b' }, emailCode)).toEqual({});
    expect(Object.keys(profileRules(phoneCode))).not.toContain('password');
  });

  it('never reports a password problem when both password fields are empty, and always one when they differ', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), (password, confirmPassword) => {
        const errors = validateProfile({ ...profile, password, confirmPassword }, emailPassword);
        const anyFilled = password.trim() !== '' || confirmPassword.trim() !== '';
        if (!anyFilled) expect(errors).toEqual({});
        if (anyFilled && password !== confirmPassword) expect(errors.confirmPassword).toBeDefined();
        if (password === confirmPassword && password.trim() !== '') expect(errors).toEqual({});
      }),
    );
  });
});

describe('rewards and verification codes', () => {
  it('needs a valid phone to enroll', () => {
    expect(validateRewardsEnroll({ phone: '' })).toEqual({ phone: 'Phone Number is required' });
    expect(validateRewardsEnroll({ phone: '555' })).toEqual({ phone: 'Phone Number is not valid' });
    expect(validateRewardsEnroll({ phone: PHONE })).toEqual({});
  });

  it('needs the code to verify', () => {
    expect(validateRewardsVerify({ code: '' })).toEqual({ code: 'Code is required' });
    expect(validateRewardsVerify({ code: '123456' })).toEqual({});
    expect(validateVerificationCode({ code: ' ' })).toEqual({ code: 'Code is required' });
    expect(validateVerificationCode({ code: '123456' })).toEqual({});
  });
});

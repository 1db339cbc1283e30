// Registering (account-and-session.md sections 2, 4 and 5): names, email and phone, a password and its confirmation
// when the business lets shoppers choose one, and the text-notification opt-in, ticked by default, where the business
// offers text notifications (HasTextNotifications; elsewhere no choice is asked or sent). Used by /sign-up
// and by the sign-in page's "I'm a new customer" tab; the code step follows.
import { SIGN_UP_INITIAL_VALUES, validateSignUp, type SignUpValues } from '../../../domain/forms/signUp';
import type { SignInModes } from '../../../domain/forms/signInModes';
import { changeUsername, REGISTER_WAITS } from '../../../domain/account/messages';
import { formatPhone, maskPhoneInput } from '../../../domain/phone';
import { PASSWORD_RULE } from '../../../domain/forms/messages';
import { TextField } from '../../forms/TextField';
import { useForm } from '../../forms/useForm';
import { useCommands } from '../../runtime/RuntimeContext';
import { SubmitButton } from './SubmitButton';
import { useOffersTexts } from './useSignInModes';
import { FormFailure, FormWaiting } from '../../forms/FormFailure';

export interface RegisterFormProps {
  readonly modes: SignInModes;
  /** What the login step already knows (the username typed there). */
  readonly initial?: Partial<SignUpValues>;
  readonly onRegistered: (values: SignUpValues) => void;
  readonly submitLabel?: string;
  /** The username (email or phone, by mode) was given before: shown, not asked again. */
  readonly hideUsername?: boolean;
  /** 'Change email' / 'Change Phone Number': back to the login step where the username was given. */
  readonly onChangeUsername?: () => void;
}

export function RegisterForm({ modes, initial, onRegistered, submitLabel = 'Create Account', hideUsername = false, onChangeUsername }: RegisterFormProps) {
  const commands = useCommands();
  const chooses = modes.passwordMode === 'UserDefined';
  const offersTexts = useOffersTexts();
  const form = useForm<SignUpValues>({
    initial: { ...SIGN_UP_INITIAL_VALUES, ...initial },
    validate: (values) => validateSignUp(values, modes),
    normalize: (field, value) => (field === 'phone' ? maskPhoneInput(value) : value),
    submit: (values) =>
      commands.register({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        ...(chooses ? { password: values.password, confirmPassword: values.confirmPassword } : {}),
        textNotificationOptIn: offersTexts ? values.textNotificationOptIn : null,
      }),
    onSaved: onRegistered,
    waitsForNetwork: REGISTER_WAITS,
  });

  return (
    <form {...form.formProps()} className="account-form" aria-label="Create your account">
      <div className="account-grid-2">
        <TextField label="First Name" {...form.field('firstName')} autoComplete="given-name" required />
        <TextField label="Last Name" {...form.field('lastName')} autoComplete="family-name" required />
      </div>
      {hideUsername ? (
        <p className="account-sent-to">
          Creating an account for <strong>{modes.usernameMode === 'Phone' ? formatPhone(form.values.phone) : form.values.email}</strong>.
        </p>
      ) : null}
      {hideUsername && modes.usernameMode === 'Email' ? null : (
        <TextField label="Email Address" type="email" {...form.field('email')} autoComplete="email" inputMode="email" required />
      )}
      {hideUsername && modes.usernameMode === 'Phone' ? null : (
        <TextField label="Phone Number" type="tel" {...form.field('phone')} autoComplete="tel-national" inputMode="tel" required placeholder="555-555-0100" />
      )}
      {chooses ? (
        <div className="account-grid-2">
          <TextField label="Password" type="password" {...form.field('password')} autoComplete="new-password" required hint={PASSWORD_RULE} />
          <TextField label="Password Confirmation" type="password" {...form.field('confirmPassword')} autoComplete="new-password" required />
        </div>
      ) : null}
      {offersTexts ? (
        <label className="account-check">
          <input type="checkbox" checked={form.values.textNotificationOptIn} onChange={(event) => form.set('textNotificationOptIn', event.target.checked)} />
          <span>Send me text notifications about my orders</span>
        </label>
      ) : null}
      <FormFailure failure={form.failure} />
      <FormWaiting words={form.waiting} />
      <div className="account-actions">
        <SubmitButton pending={form.saving}>{submitLabel}</SubmitButton>
        {onChangeUsername ? (
          <button type="button" className="btn btn-link" onClick={onChangeUsername}>
            {changeUsername(modes.usernameMode)}
          </button>
        ) : null}
      </div>
    </form>
  );
}

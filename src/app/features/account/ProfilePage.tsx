// /my-account (account-and-session.md sections 2, 5 and 8), the account's home: the latest orders first, then first
// and last name, email, phone, an optional new password with its confirmation (when the business lets shoppers choose
// one), and the text-notification opt-in. The username field (email or phone, by mode) is shown but cannot be changed.
import { PROFILE_WAITS } from '../../../domain/account/messages';
import * as E from 'fp-ts/lib/Either.js';
import { validateProfile, type ProfileValues } from '../../../domain/forms/profile';
import { formatPhone, maskPhoneInput } from '../../../domain/phone';
import { PASSWORD_RULE } from '../../../domain/forms/messages';
import { TextField } from '../../forms/TextField';
import { useForm } from '../../forms/useForm';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useCommands } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { RecentOrders } from './RecentOrders';
import { SubmitButton } from './SubmitButton';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useOffersTexts, useSignInModes } from './useSignInModes';
import './account.css';
import { FormFailure, FormWaiting } from '../../forms/FormFailure';

export function ProfilePage() {
  usePageTitle('My Account');
  return <ProfileForm />;
}

function ProfileForm() {
  const commands = useCommands();
  const modes = useSignInModes();
  const profile = useStateSlice((s) => s.account.profile)!;
  const optIn = useStateSlice((s) => s.account.textNotificationOptIn);
  const offersTexts = useOffersTexts();
  const form = useForm<ProfileValues>({
    initial: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phone: formatPhone(profile.phone),
      password: '',
      confirmPassword: '',
      textNotificationOptIn: optIn === true,
    },
    validate: (values) => validateProfile(values, modes),
    normalize: (field, value) => (field === 'phone' ? maskPhoneInput(value) : value),
    submit: async (values) => {
      // Where no texts are offered, the account's choice is neither shown nor changed.
      const saved = await commands.updateProfile({ ...values, textNotificationOptIn: offersTexts ? values.textNotificationOptIn : null });
      if (E.isRight(saved)) notify.success(saved.right);
      return saved;
    },
    onSaved: (values) => form.reset({ ...values, password: '', confirmPassword: '' }),
    waitsForNetwork: PROFILE_WAITS,
  });
  const byPhone = modes.usernameMode === 'Phone';

  return (
    <div className="container account-page">
      <h1>My Account</h1>
      <RecentOrders />
      <div className="card account-card">
        <form {...form.formProps()} className="account-form" aria-label="Your profile">
          <div className="account-grid-2">
            <TextField label="First Name" {...form.field('firstName')} autoComplete="given-name" required />
            <TextField label="Last Name" {...form.field('lastName')} autoComplete="family-name" required />
          </div>
          <TextField
            label="Email Address"
            type="email"
            {...form.field('email')}
            autoComplete="email"
            inputMode="email"
            disabled={!byPhone}
            required={byPhone}
            {...(byPhone ? {} : { hint: 'You sign in with this email address.' })}
          />
          <TextField
            label="Phone Number"
            type="tel"
            {...form.field('phone')}
            autoComplete="tel-national"
            inputMode="tel"
            disabled={byPhone}
            required={!byPhone}
            {...(byPhone ? { hint: 'You sign in with this phone number.' } : {})}
          />
          {modes.passwordMode === 'UserDefined' ? (
            <div className="account-grid-2">
              <TextField
                label="New Password"
                type="password"
                {...form.field('password')}
                autoComplete="new-password"
                hint={`${PASSWORD_RULE} Leave empty to keep your password.`}
              />
              <TextField label="Password Confirmation" type="password" {...form.field('confirmPassword')} autoComplete="new-password" />
            </div>
          ) : null}
          {offersTexts ? (
            <label className="account-check">
              <input
                type="checkbox"
                checked={form.values.textNotificationOptIn}
                onChange={(event) => form.set('textNotificationOptIn', event.target.checked)}
              />
              <span>Send me text notifications about my orders</span>
            </label>
          ) : null}
          <FormFailure failure={form.failure} />
          <FormWaiting words={form.waiting} />
          <div className="account-actions">
            <SubmitButton pending={form.saving}>Save</SubmitButton>
          </div>
        </form>
      </div>
    </div>
  );
}

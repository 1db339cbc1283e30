// /reset-password?email=..&code=.. (account-and-session.md sections 2, 4, 5 and 8): without an email it goes to
// /forgot-password; code, email, new password and confirmation; success says 'Password reset successfully!' and
// goes to /sign-in with the email filled in, failure 'Unable to reset password!'.
import { RESET_PASSWORD_WAITS } from '../../../domain/account/messages';
import * as E from 'fp-ts/lib/Either.js';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { validateResetPassword, type ResetPasswordValues } from '../../../domain/forms/passwordReset';
import { PASSWORD_RULE } from '../../../domain/forms/messages';
import { TextField } from '../../forms/TextField';
import { CodeField } from '../../forms/CodeField';
import { useForm } from '../../forms/useForm';
import { useCommands } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { SubmitButton } from './SubmitButton';
import { usePageTitle } from '../../hooks/usePageTitle';
import './account.css';
import { FormFailure, FormWaiting } from '../../forms/FormFailure';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  usePageTitle('Reset Password');
  if (!email) return <Navigate to="/forgot-password" replace />;
  return <ResetForm email={email} code={params.get('code') ?? ''} />;
}

function ResetForm({ email, code }: { readonly email: string; readonly code: string }) {
  const commands = useCommands();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordValues>({
    initial: { email, code, password: '', confirmPassword: '' },
    validate: validateResetPassword,
    normalize: (field, value) => (field === 'code' ? value.replace(/\s+/g, '') : value),
    submit: async (values) => {
      const reset = await commands.resetPassword(values);
      if (E.isRight(reset)) {
        notify.success(reset.right);
        // The email the password was just reset for is filled in on /sign-in: only the new password is left to type.
        navigate('/sign-in', { replace: true, state: { email: values.email.trim() } });
      }
      return reset;
    },
    waitsForNetwork: RESET_PASSWORD_WAITS,
  });
  return (
    <div className="container account-page">
      <h1>Choose a new password</h1>
      <div className="card account-card">
        <form {...form.formProps()} className="account-form" aria-label="Reset password">
          <CodeField form={form} hint="The code we sent to your email." submits={othersFilled(form.values)} />
          <TextField label="Email Address" type="email" {...form.field('email')} autoComplete="email" inputMode="email" required />
          <TextField label="New Password" type="password" {...form.field('password')} autoComplete="new-password" required hint={PASSWORD_RULE} />
          <TextField label="Password Confirmation" type="password" {...form.field('confirmPassword')} autoComplete="new-password" required />
          <FormFailure failure={form.failure} />
          <FormWaiting words={form.waiting} />
          <div className="account-actions">
            <SubmitButton pending={form.saving}>Reset Password</SubmitButton>
          </div>
        </form>
      </div>
    </div>
  );
}

/** The sixth digit submits only once the rest is typed; before that it moves on to the first empty field. */
const othersFilled = (values: ResetPasswordValues): boolean => values.email.trim() !== '' && values.password !== '' && values.confirmPassword !== '';

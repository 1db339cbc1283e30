// /forgot-password (account-and-session.md sections 2 and 4): the email the reset code goes to; success goes on to
// /reset-password with the email in the query, failure says 'Invalid email address!'.
import { FORGOT_PASSWORD_WAITS } from '../../../domain/account/messages';
import * as E from 'fp-ts/lib/Either.js';
import { Link, useNavigate } from 'react-router-dom';
import { validateForgotPassword, type ForgotPasswordValues } from '../../../domain/forms/passwordReset';
import { TextField } from '../../forms/TextField';
import { useForm } from '../../forms/useForm';
import { useCommands } from '../../runtime/RuntimeContext';
import { SubmitButton } from './SubmitButton';
import { usePageTitle } from '../../hooks/usePageTitle';
import './account.css';
import { FormFailure, FormWaiting } from '../../forms/FormFailure';

export function ForgotPasswordPage() {
  const commands = useCommands();
  const navigate = useNavigate();
  usePageTitle('Forgot Password');
  const form = useForm<ForgotPasswordValues>({
    initial: { email: '' },
    validate: validateForgotPassword,
    submit: async (values) => {
      const sent = await commands.forgotPassword(values.email);
      if (E.isRight(sent)) navigate(`/reset-password?email=${encodeURIComponent(values.email.trim())}`);
      return sent;
    },
    waitsForNetwork: FORGOT_PASSWORD_WAITS,
  });
  return (
    <div className="container account-page">
      <h1>Forgot your password?</h1>
      <div className="card account-card">
        <form {...form.formProps()} className="account-form" aria-label="Forgot password">
          <p className="muted">Enter the email address of your account and we will send you a code to choose a new password.</p>
          <TextField label="Email Address" type="email" {...form.field('email')} autoComplete="email" inputMode="email" required />
          <FormFailure failure={form.failure} />
          <FormWaiting words={form.waiting} />
          <div className="account-actions">
            <SubmitButton pending={form.saving}>Send Code</SubmitButton>
            <Link to="/sign-in" className="btn btn-link">
              Back to sign in
            </Link>
          </div>
        </form>
      </div>
    </div>
  );
}

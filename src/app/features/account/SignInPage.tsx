// /sign-in (account-and-session.md sections 2, 4, 5 and 8): 'Welcome back, please login'. With a chosen password,
// two tabs: 'Already a customer' signs in with the username and password; "I'm a new customer" registers, takes
// the code and signs in. With one-time codes: the username, Send Code, then the code (or registering first when the
// API does not know the shopper). After signing in: the stored return URL, else /my-account.
import * as E from 'fp-ts/lib/Either.js';
import { useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_HEADING, SEND_CODE_WAITS, SIGN_IN_WAITS, TOO_MANY_ATTEMPTS } from '../../../domain/account/messages';
import { LOGIN_INITIAL_VALUES, validateLogin, type LoginValues } from '../../../domain/forms/login';
import type { SignInModes } from '../../../domain/forms/signInModes';
import { formatPhone, maskPhoneInput } from '../../../domain/phone';
import { TextField } from '../../forms/TextField';
import { useForm } from '../../forms/useForm';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useCommands } from '../../runtime/RuntimeContext';
import { takeReturnUrl } from '../../shell/returnUrl';
import { CodeStep } from './CodeStep';
import { SignUpFlow } from './SignUpFlow';
import { SubmitButton } from './SubmitButton';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSignInModes } from './useSignInModes';
import './account.css';
import { FormFailure, FormWaiting } from '../../forms/FormFailure';
import { useShareVisit } from '../../shell/ShareVisitContext';

/** Locked out of signing in, the commonest reason to call support: they see this visit, by a code. */
function LockedHelp() {
  const shareVisit = useShareVisit();
  return (
    <button type="button" className="btn btn-link" onClick={shareVisit.open}>
      Share this visit with support
    </button>
  );
}

/** The email a password reset just finished with (/reset-password passes it on), or nothing. */
function emailFromReset(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

type Step = { readonly kind: 'login' } | { readonly kind: 'verify'; readonly username: string } | { readonly kind: 'register'; readonly username: string };

export function SignInPage() {
  const modes = useSignInModes();
  const navigate = useNavigate();
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  // A shopper already signed in when the page opened goes to the account; one who signs in here is sent on by the flow.
  const [wasSignedIn] = useState(signedIn);
  usePageTitle('Sign In');
  if (wasSignedIn) return <Navigate to="/my-account" replace />;
  const done = () => navigate(takeReturnUrl(), { replace: true });

  return (
    <div className="container account-page">
      <h1>{LOGIN_HEADING}</h1>
      <div className="card account-card">
        {modes.passwordMode === 'OneTime' ? <OneTimeSignIn modes={modes} onSignedIn={done} /> : <PasswordSignIn modes={modes} onSignedIn={done} />}
      </div>
    </div>
  );
}

function usernameField(modes: SignInModes, form: ReturnType<typeof useForm<LoginValues>>) {
  return modes.usernameMode === 'Phone' ? (
    <TextField label="Phone Number" type="tel" {...form.field('phone')} autoComplete="tel-national" inputMode="tel" required placeholder="555-555-0100" />
  ) : (
    <TextField label="Email Address" type="email" {...form.field('email')} autoComplete="email" inputMode="email" required />
  );
}

const usernameOf = (modes: SignInModes, values: LoginValues) => (modes.usernameMode === 'Phone' ? values.phone : values.email).trim();

function PasswordSignIn({ modes, onSignedIn }: { readonly modes: SignInModes; readonly onSignedIn: () => void }) {
  const commands = useCommands();
  const [tab, setTab] = useState<'existing' | 'new'>('existing');
  const ids = { existing: useId(), new: useId() };
  const resetEmail = emailFromReset(useLocation().state);
  const form = useForm<LoginValues>({
    initial: { ...LOGIN_INITIAL_VALUES, email: resetEmail },
    validate: (values) => validateLogin(values, modes),
    normalize: (field, value) => (field === 'phone' ? maskPhoneInput(value) : value),
    submit: (values) => commands.signIn(usernameOf(modes, values), values.password),
    onSaved: onSignedIn,
    waitsForNetwork: SIGN_IN_WAITS,
  });
  const tabButton = (which: 'existing' | 'new', label: string) => (
    <button
      type="button"
      role="tab"
      id={`${ids[which]}-tab`}
      aria-selected={tab === which}
      aria-controls={ids[which]}
      tabIndex={tab === which ? 0 : -1}
      className="account-tab"
      onClick={() => setTab(which)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          const next = which === 'existing' ? 'new' : 'existing';
          setTab(next);
          document.getElementById(`${ids[next]}-tab`)?.focus();
        }
      }}
    >
      {label}
    </button>
  );

  return (
    <>
      <div role="tablist" aria-label="Sign in or register" className="account-tabs">
        {tabButton('existing', 'Already a customer')}
        {tabButton('new', "I'm a new customer")}
      </div>
      {tab === 'existing' ? (
        <div role="tabpanel" id={ids.existing} aria-labelledby={`${ids.existing}-tab`}>
          <form {...form.formProps()} className="account-form" aria-label="Sign in">
            {usernameField(modes, form)}
            <TextField label="Password" type="password" {...form.field('password')} autoComplete="current-password" required />
            <FormFailure failure={form.failure} />
            <FormWaiting words={form.waiting} />
            {form.failure === TOO_MANY_ATTEMPTS ? <LockedHelp /> : null}
            <div className="account-actions">
              <SubmitButton pending={form.saving}>Sign In</SubmitButton>
              <Link to="/forgot-password" className="btn btn-link">
                Forgot Password?
              </Link>
            </div>
          </form>
        </div>
      ) : (
        <div role="tabpanel" id={ids.new} aria-labelledby={`${ids.new}-tab`}>
          <SignUpFlow modes={modes} onSignedIn={onSignedIn} />
        </div>
      )}
    </>
  );
}

function OneTimeSignIn({ modes, onSignedIn }: { readonly modes: SignInModes; readonly onSignedIn: () => void }) {
  const commands = useCommands();
  const [step, setStep] = useState<Step>({ kind: 'login' });
  const form = useForm<LoginValues>({
    initial: LOGIN_INITIAL_VALUES,
    validate: (values) => validateLogin(values, modes),
    normalize: (field, value) => (field === 'phone' ? maskPhoneInput(value) : value),
    submit: async (values) => {
      const username = usernameOf(modes, values);
      const next = await commands.sendLoginCode(username);
      if (E.isRight(next)) setStep({ kind: next.right, username });
      return next;
    },
    waitsForNetwork: SEND_CODE_WAITS,
  });
  const back = () => setStep({ kind: 'login' });

  if (step.kind === 'verify') {
    return (
      <CodeStep
        modes={modes}
        username={step.username}
        resend="login"
        submitLabel="Sign In"
        onCode={async (code) => {
          const signed = await commands.signInWithCode(step.username, code);
          if (E.isRight(signed)) onSignedIn();
          return signed;
        }}
        onChangeUsername={back}
      />
    );
  }
  if (step.kind === 'register') {
    const initial = modes.usernameMode === 'Phone' ? { phone: step.username } : { email: step.username };
    return (
      <>
        <p className="muted">
          We could not find an account for {modes.usernameMode === 'Phone' ? formatPhone(step.username) : step.username}. Tell us a little about you to create
          one.
        </p>
        <SignUpFlow modes={modes} initial={initial} usernameGiven onSignedIn={onSignedIn} onChangeUsername={back} />
      </>
    );
  }
  return (
    <form {...form.formProps()} className="account-form" aria-label="Sign in">
      {usernameField(modes, form)}
      <p className="field-hint">We will send you a code to sign in.</p>
      <FormFailure failure={form.failure} />
      <FormWaiting words={form.waiting} />
      <div className="account-actions">
        <SubmitButton pending={form.saving}>Send Code</SubmitButton>
      </div>
    </form>
  );
}

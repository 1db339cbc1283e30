// /sign-up (account-and-session.md sections 2 and 4): register, the code, then signed in automatically with the
// entered credentials, back where the shopper was (the stored return URL) or to /my-account.
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useStateSlice } from '../../hooks/useStateSlice';
import { AFTER_SIGN_IN, takeReturnUrl } from '../../shell/returnUrl';
import { SignUpFlow } from './SignUpFlow';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSignInModes } from './useSignInModes';
import './account.css';

export function SignUpPage() {
  const modes = useSignInModes();
  const navigate = useNavigate();
  const [wasSignedIn] = useState(useStateSlice((s) => s.account.profile !== null));
  usePageTitle('Create Account');
  if (wasSignedIn) return <Navigate to={AFTER_SIGN_IN} replace />;
  return (
    <div className="container account-page">
      <h1>Create your account</h1>
      <div className="card account-card">
        <SignUpFlow modes={modes} onSignedIn={() => navigate(takeReturnUrl(), { replace: true })} />
        <p className="muted">
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </p>
      </div>
    </div>
  );
}

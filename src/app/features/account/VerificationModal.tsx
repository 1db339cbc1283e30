// The verification-required modal (account-and-session.md sections 2, 4 and 6): shown while signed in and not
// verified. Step 1: continue, or sign out. Step 2: the code with resend and verify (and sign out still); success says
// 'Account verified!' and the modal goes (the account is verified). It cannot be dismissed otherwise.
import * as E from 'fp-ts/lib/Either.js';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_VERIFIED, SEND_CODE_WAITS, WAIT_BEFORE_RESEND } from '../../../domain/account/messages';
import { formatPhone } from '../../../domain/phone';
import { Dialog } from '../../components/Dialog';
import { useNetworkAction } from '../../hooks/useNetworkAction';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useCommands } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { useRecordDialog, useReplayedDialog } from '../../shell/useClientEvents';
import { CodeStep } from './CodeStep';
import { useSignInModes } from './useSignInModes';
import './account.css';

export function VerificationModal() {
  const commands = useCommands();
  const navigate = useNavigate();
  const modes = useSignInModes();
  const profile = useStateSlice((s) => s.account.profile);
  const open = useStateSlice((s) => s.account.profile !== null && !s.account.verified);
  // Recorded for support (the code step as 'code-step'), whose console shows the step the log says was open.
  const replayed = useReplayedDialog('verification');
  const [step, setStep] = useState<1 | 2>(replayed?.target === 'code-step' ? 2 : 1);
  useRecordDialog(open ? 'verification' : null, step === 2 ? 'code-step' : null);
  const username = profile === null ? '' : modes.usernameMode === 'Phone' ? profile.phone : profile.email;
  const sendCode = useNetworkAction({
    waits: SEND_CODE_WAITS,
    run: async () => {
      const sent = await commands.resendCode(username, 'register');
      // A code sent moments ago (at registration) is still good: the shopper goes on to type it either way.
      if (E.isRight(sent) || sent.left === WAIT_BEFORE_RESEND) {
        setStep(2);
        return E.right(undefined);
      }
      setStep(2);
      return sent;
    },
  });
  const asking = sendCode.busy;
  if (profile === null) return null;
  // Sign-out (section 4) ends the session; the bag stays for a later sign-in or a guest order. Offered in both steps:
  // a shopper whose code does not come (a mistyped address) must not be held by a modal that cannot be dismissed.
  const signOut = () => void commands.endSession().then(() => navigate('/'));

  return (
    <Dialog open={open} title="Verify your account" dismissible={false} onClose={() => undefined} className="verification-dialog">
      {step === 1 ? (
        <div className="account-form">
          <p>Your account is not verified yet. We will send a code to {modes.usernameMode === 'Phone' ? formatPhone(username) : username} to verify it.</p>
          <div className="account-actions">
            <button type="button" className="btn btn-primary" onClick={() => sendCode.press()} disabled={asking} aria-busy={asking || undefined}>
              {asking ? <span className="spinner-inline" aria-hidden="true" /> : null}
              Continue
            </button>
            <button type="button" className="btn btn-secondary" onClick={signOut}>
              Sign Out
            </button>
          </div>
        </div>
      ) : (
        <>
          <CodeStep
            modes={modes}
            username={username}
            resend="register"
            submitLabel="Verify"
            onCode={async (code) => {
              const verified = await commands.verifyAccount(username, code);
              if (E.isRight(verified)) {
                setStep(1);
                notify.success(ACCOUNT_VERIFIED);
              }
              return verified;
            }}
          />
          <p className="muted">
            Not getting the code?{' '}
            <button type="button" className="btn btn-link" onClick={signOut}>
              Sign Out
            </button>
          </p>
        </>
      )}
    </Dialog>
  );
}

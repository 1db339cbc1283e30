// The code step of sign-in, sign-up and the verification modal (account-and-session.md sections 2 and 4): one code
// field that SMS and mail autofill can fill and whose sixth digit submits (CodeField), resend with a visible
// 30 s countdown ('Code was sent!' / 'Unable to resend code!'), and in sign-in the way back to the login step.
import * as E from 'fp-ts/lib/Either.js';
import type { Outcome } from '../../../commands/decide/decision';
import { CODE_CHECK_WAITS, RESEND_WAIT_SECONDS, SEND_CODE_WAITS, changeUsername } from '../../../domain/account/messages';
import type { SignInModes } from '../../../domain/forms/signInModes';
import { formatPhone } from '../../../domain/phone';
import { validateVerificationCode, type VerificationCodeValues } from '../../../domain/forms/verificationCode';
import { CodeField } from '../../forms/CodeField';
import { useForm } from '../../forms/useForm';
import { useNetworkAction } from '../../hooks/useNetworkAction';
import { useCommands } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { SubmitButton } from './SubmitButton';
import { useCountdown } from './useCountdown';
import { FormFailure, FormWaiting } from '../../forms/FormFailure';

export interface CodeStepProps {
  readonly modes: SignInModes;
  /** Where the code went: the email address or phone number. */
  readonly username: string;
  /** Which code a resend asks for: a sign-in code, or the account's verification code. */
  readonly resend: 'login' | 'register';
  readonly submitLabel: string;
  readonly onCode: (code: string) => Promise<Outcome>;
  /** 'Change email' / 'Change Phone Number': back to the login step. */
  readonly onChangeUsername?: () => void;
}

export function CodeStep({ modes, username, resend, submitLabel, onCode, onChangeUsername }: CodeStepProps) {
  const commands = useCommands();
  const countdown = useCountdown(RESEND_WAIT_SECONDS);
  const form = useForm<VerificationCodeValues>({
    initial: { code: '' },
    validate: validateVerificationCode,
    normalize: (_field, value) => value.replace(/\s+/g, ''),
    submit: (values) => onCode(values.code),
    waitsForNetwork: CODE_CHECK_WAITS,
  });

  const sendAgain = useNetworkAction({
    waits: SEND_CODE_WAITS,
    run: async () => {
      const result = await commands.resendCode(username, resend);
      if (E.isRight(result)) {
        countdown.restart();
        notify.success(result.right);
      }
      return result;
    },
  });
  const resending = sendAgain.busy;

  return (
    <form {...form.formProps()} className="account-form" aria-label="Enter your code">
      <p className="account-sent-to">
        We sent a code to <strong>{modes.usernameMode === 'Phone' ? formatPhone(username) : username}</strong>.
      </p>
      <CodeField form={form} />
      <FormFailure failure={form.failure} />
      <FormWaiting words={form.waiting} />
      <div className="account-actions">
        <SubmitButton pending={form.saving}>{submitLabel}</SubmitButton>
        <button type="button" className="btn btn-secondary" onClick={() => sendAgain.press()} disabled={countdown.left > 0 || resending}>
          {countdown.left > 0 ? `Resend code in ${countdown.left} s` : 'Resend code'}
        </button>
        {onChangeUsername ? (
          <button type="button" className="btn btn-link" onClick={onChangeUsername}>
            {changeUsername(modes.usernameMode)}
          </button>
        ) : null}
      </div>
    </form>
  );
}

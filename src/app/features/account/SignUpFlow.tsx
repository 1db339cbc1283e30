// Register, then the code, then signed in (account-and-session.md section 4): with a chosen password the code
// verifies the account and the shopper is signed in with the entered credentials; with one-time codes the code
// itself signs the new account in.
import * as E from 'fp-ts/lib/Either.js';
import { useRef, useState } from 'react';
import type { SignUpValues } from '../../../domain/forms/signUp';
import type { SignInModes } from '../../../domain/forms/signInModes';
import { useCommands } from '../../runtime/RuntimeContext';
import { CodeStep } from './CodeStep';
import { RegisterForm } from './RegisterForm';

export interface SignUpFlowProps {
  readonly modes: SignInModes;
  readonly initial?: Partial<SignUpValues>;
  /** The username was given in the login step: the form does not ask for it again. */
  readonly usernameGiven?: boolean;
  readonly onSignedIn: () => void;
  /** Back to the login step from the register and code steps (the sign-in page's one-time mode). */
  readonly onChangeUsername?: () => void;
}

export function SignUpFlow({ modes, initial, usernameGiven = false, onSignedIn, onChangeUsername }: SignUpFlowProps) {
  const commands = useCommands();
  const [username, setUsername] = useState<string | null>(null);
  // The chosen password stays in memory only, for the sign-in after the code.
  const password = useRef('');

  if (username === null) {
    return (
      <RegisterForm
        modes={modes}
        {...(initial ? { initial } : {})}
        hideUsername={usernameGiven}
        {...(onChangeUsername ? { onChangeUsername } : {})}
        onRegistered={(values) => {
          password.current = values.password;
          setUsername(modes.usernameMode === 'Phone' ? values.phone : values.email);
        }}
      />
    );
  }

  const finish = async (code: string) => {
    if (modes.passwordMode === 'OneTime') {
      const signed = await commands.signInWithCode(username, code);
      if (E.isRight(signed)) onSignedIn();
      return signed;
    }
    const verified = await commands.verifyAccount(username, code);
    if (E.isLeft(verified)) return verified;
    const signed = await commands.signIn(username, password.current);
    if (E.isRight(signed)) {
      password.current = '';
      onSignedIn();
    }
    return signed;
  };

  return (
    <CodeStep modes={modes} username={username} resend="register" submitLabel="Verify" onCode={finish} {...(onChangeUsername ? { onChangeUsername } : {})} />
  );
}

// What watches a signed-in shopper on every page (account-and-session.md section 4): the verification-required
// modal while the account is not verified (not on the sign-in and sign-up pages, which verify in their own steps),
// and the text-notification prompt, once per browser. Signing out forgets checkout's draft (what was typed and not
// saved), as it clears everything else.
import * as E from 'fp-ts/lib/Either.js';
import { Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useStateSlice } from '../hooks/useStateSlice';
import { useCommands } from '../runtime/RuntimeContext';
import { CHECKOUT_DRAFT, forgetDraft } from '../shell/formDrafts';
import { notify } from '../shell/notify';
import { VerificationModal } from './lazyParts';

const VERIFIES_ITSELF = new Set(['/sign-in', '/sign-up']);

export function AccountWatch() {
  const commands = useCommands();
  const { pathname } = useLocation();
  const unverified = useStateSlice((s) => s.account.profile !== null && !s.account.verified);
  const promptMayBeDue = useStateSlice((s) => s.account.profile !== null && s.account.verified && !s.prompts.textNotifications);
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) forgetDraft(CHECKOUT_DRAFT);
    wasSignedIn.current = signedIn;
  }, [signedIn]);

  useEffect(() => {
    if (!promptMayBeDue) return;
    void commands.showTextPrompt().then((shown) => {
      if (E.isRight(shown) && shown.right !== null) notify.success(shown.right);
    });
  }, [promptMayBeDue, commands]);

  if (!unverified || VERIFIES_ITSELF.has(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <VerificationModal />
    </Suspense>
  );
}

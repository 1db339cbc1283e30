// 'Open a shared visit': the code the shopper reads to support (read as the inbox reads it: case, dashes and
// look-alikes do not matter), the staff token (kept for this tab only), and the recent shared visits. What it fetches
// opens in the console exactly as a dropped file does.
import * as E from 'fp-ts/lib/Either.js';
import { memo, useState, type FormEvent } from 'react';
import { formatShareCode, normaliseShareCode } from '../../../domain/shareCode';
import { shareLogByCode, shareLogById, type InboxRefusal, type ShareLog, type ShareSummary } from './inboxClient';
import { RecentShares } from './RecentShares';
import { keepStaffToken, readStaffToken } from './staffToken';
import type { OpenedShare } from './useConsoleLog';

export const SHARED_VISIT_WORDS = {
  noCode: 'Type the code the shopper read to you, such as K7Q4-PD2M.',
  badCode: 'A share code is eight letters and digits, such as K7Q4-PD2M.',
  noToken: 'Type your staff token (countertop support token create makes one).',
} as const;

export interface SharedVisitsProps {
  /** While the console gets ready, nothing opens. */
  readonly disabled: boolean;
  readonly onOpen: (name: string, text: string, share: OpenedShare) => Promise<boolean>;
}

// Drawn again only when it is enabled or its own state changes, not at every step through the timeline.
export const SharedVisits = memo(function SharedVisits({ disabled, onOpen }: SharedVisitsProps) {
  const [code, setCode] = useState('');
  const [token, setToken] = useState(readStaffToken);
  // The token the list and the opened visits use: the one last submitted, not each keystroke's.
  const [usedToken, setUsedToken] = useState(token);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  const normal = normaliseShareCode(code);
  const codeError = !tried ? null : code.trim() === '' ? SHARED_VISIT_WORDS.noCode : normal === null ? SHARED_VISIT_WORDS.badCode : null;
  const tokenError = tried && token.trim() === '' ? SHARED_VISIT_WORDS.noToken : null;

  const open = async (name: string, fetching: Promise<E.Either<InboxRefusal, ShareLog>>, shownCode: string | null, staffToken: string) => {
    setBusy(true);
    const got = await fetching;
    setBusy(false);
    if (E.isLeft(got)) {
      setRefusal(got.left.message);
      return;
    }
    setRefusal(null);
    await onOpen(name, got.right.text, { shareId: got.right.shareId, code: shownCode, token: staffToken, stopped: got.right.stopped });
    setRound((n) => n + 1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const staffToken = token.trim();
    if (normal === null || staffToken === '') return;
    keepStaffToken(staffToken);
    setUsedToken(staffToken);
    const shown = formatShareCode(normal);
    void open(`Shared visit ${shown}`, shareLogByCode(normal, staffToken), shown, staffToken);
  };
  const openListed = (share: ShareSummary) => void open(`Shared visit ${share.id}`, shareLogById(share.id, usedToken), null, usedToken);
  const forget = () => {
    keepStaffToken('');
    setToken('');
    setUsedToken('');
    setRefusal(null);
  };

  return (
    <section className="support-shared" aria-labelledby="support-shared-title">
      <h2 id="support-shared-title">Open a shared visit</h2>
      {/* No field has a name: should the script fail, a plain submit puts neither the code nor the token in the address. */}
      <form className="support-shared-form" onSubmit={onSubmit} noValidate>
        <div className="support-field">
          <label htmlFor="support-share-code">Share code</label>
          <input
            id="support-share-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={codeError !== null}
            aria-describedby={codeError !== null ? 'support-share-code-error' : undefined}
          />
          {codeError !== null ? (
            <p id="support-share-code-error" className="field-error">
              {codeError}
            </p>
          ) : null}
        </div>
        <div className="support-field">
          <label htmlFor="support-staff-token">Staff token</label>
          <input
            id="support-staff-token"
            type="password"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={tokenError !== null}
            aria-describedby={tokenError !== null ? 'support-staff-token-error' : 'support-staff-token-hint'}
          />
          {tokenError !== null ? (
            <p id="support-staff-token-error" className="field-error">
              {tokenError}
            </p>
          ) : (
            <p id="support-staff-token-hint" className="support-muted">
              Kept in this tab only.
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={disabled || busy}>
          Open
        </button>
        {usedToken !== '' ? (
          <button type="button" className="btn btn-ghost" onClick={forget}>
            Forget the token
          </button>
        ) : null}
      </form>
      {refusal !== null ? (
        <p className="support-refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      <RecentShares token={usedToken} round={round} disabled={disabled || busy} onOpen={openListed} />
    </section>
  );
});

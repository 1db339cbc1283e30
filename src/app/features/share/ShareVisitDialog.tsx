// 'Share this visit with support' (issue: a visit reached support only as a file the shopper had to send): says
// plainly what is shared and asks first; 'Share' sends the visit to the support inbox and shows the code to read to
// support, with a copy button; while the tab stays open what the shopper does next is shared too, until they stop.
// 'Download instead' keeps the file for a shopper who prefers it. Nothing leaves the device before 'Share'. The
// sharing is the runtime's (runtime/visitShare.ts): the dialog starts it, stops it and shows its status.
import { use, useRef, useState, useSyncExternalStore } from 'react';
import { Dialog } from '../../components/Dialog';
import { useRuntime } from '../../runtime/RuntimeContext';
import type { ShareStatus, VisitSharing } from '../../runtime/visitShare';
import { notify } from '../../shell/notify';
import './share.css';

export const SHARE_WORDS = {
  title: 'Share this visit with support',
  what: 'Support will see the pages you saw and what you did on this visit, to help you with it.',
  removed:
    'Your name, email, phone number, addresses and notes are replaced on this device before anything is sent. Passwords, codes and card numbers are never recorded.',
  code: 'Read this code to support:',
  growing: 'While this tab stays open, what you do next is shared too.',
  offline: 'You’re offline: this visit will be sent when you’re back online.',
  sending: 'Sending…',
  sent: 'Sent.',
  stopped: 'You stopped sharing. Support keeps what was sent until it is deleted, after 30 days.',
  copied: 'Code copied',
} as const;

/** The tab's sharing: at once when its code came with the dialog's (the root fetches both), otherwise once it has. */
function useVisitSharing(): VisitSharing {
  const { visitSharing } = useRuntime();
  return visitSharing.ifLoaded() ?? use(visitSharing.load());
}

function useShareStatus(sharing: VisitSharing): ShareStatus {
  return useSyncExternalStore(sharing.status.subscribe, sharing.status.get, sharing.status.get);
}

function sendingWords(status: ShareStatus): string {
  if (status.phase === 'stopped') return status.problem ?? SHARE_WORDS.stopped;
  switch (status.sending) {
    case 'offline':
      return SHARE_WORDS.offline;
    case 'sending':
    case 'retrying':
      return SHARE_WORDS.sending;
    case 'sent':
      return `${SHARE_WORDS.sent} ${SHARE_WORDS.growing}`;
  }
}

export function ShareVisitDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const runtime = useRuntime();
  const sharing = useVisitSharing();
  const status = useShareStatus(sharing);
  const [downloading, setDownloading] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);

  const share = async () => {
    const started = await sharing.start();
    if ('problem' in started) notify.error(started.problem);
  };
  const download = async () => {
    setDownloading(true);
    try {
      await runtime.downloadSessionLog();
    } catch (error) {
      runtime.reportError({ call: 'sessionLog/download', message: (error as Error).message });
      notify.error('We could not prepare the session log. Please try again.');
    } finally {
      setDownloading(false);
    }
  };
  const copy = async () => {
    if (status.code === null) return;
    try {
      await navigator.clipboard.writeText(status.code);
      notify.success(SHARE_WORDS.copied);
    } catch {
      // Without the clipboard the code is still on screen to read.
    }
  };

  const shared = status.phase === 'sharing' || status.phase === 'stopped';
  return (
    <Dialog
      open={open}
      title={SHARE_WORDS.title}
      onClose={onClose}
      className="share-visit"
      initialFocus={shared ? undefined : shareButton}
      footer={
        shared ? (
          <div className="share-visit-actions">
            {status.phase === 'sharing' ? (
              <button type="button" className="btn btn-secondary" onClick={() => void sharing.stop()}>
                Stop sharing
              </button>
            ) : null}
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Done
            </button>
          </div>
        ) : (
          <div className="share-visit-actions">
            <button type="button" className="btn btn-secondary" onClick={() => void download()} disabled={downloading}>
              Download instead
            </button>
            <button
              ref={shareButton}
              type="button"
              className="btn btn-primary"
              onClick={() => void share()}
              aria-busy={status.phase === 'starting' || undefined}
              disabled={status.phase === 'starting'}
            >
              {status.phase === 'starting' ? 'Sharing…' : 'Share'}
            </button>
          </div>
        )
      }
    >
      {shared && status.code !== null ? (
        <div className="share-visit-code-block">
          <p>{SHARE_WORDS.code}</p>
          <p className="share-visit-code" aria-label={`Share code ${status.code.split('').join(' ')}`}>
            {status.code}
          </p>
          <button type="button" className="btn btn-link" onClick={() => void copy()}>
            Copy code
          </button>
          <p className="share-visit-status" role="status">
            {sendingWords(status)}
          </p>
        </div>
      ) : (
        <>
          <p>{SHARE_WORDS.what}</p>
          <p className="muted">{SHARE_WORDS.removed}</p>
          {status.problem ? (
            <p className="notice notice-danger" role="alert">
              {status.problem}
            </p>
          ) : null}
        </>
      )}
    </Dialog>
  );
}

// What keeps the console offline and out of the way once a log is open:
// - a Content-Security-Policy that forbids every connection (fetch, XHR, WebSocket, beacons) but to the support
//   inbox's own path (the shared visits support opens and follows), and every image that is not data: or blob:
//   (catalog pictures are not in the log; the pages show their drawn placeholders instead);
// - dialogs of the replayed pages shown in place of modally, while the console is beside them, so the timeline
//   stays usable (shown alone, the page opens its dialog exactly as the shopper's did).
import { INBOX } from './inboxClient';

/** The policy, with the inbox's address (a source with a path allows that path and below it, nothing else). */
const policy = (inbox: string) => `connect-src ${inbox}; img-src data: blob:; media-src 'none'; frame-src 'none'; worker-src 'none'`;

export function goOffline(doc: Document = document): void {
  if (doc.querySelector('meta[data-support-offline]')) return;
  // The browser asks for the icon again on every change of the address (#event=N): it is drawn here instead.
  for (const icon of doc.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')) icon.href = ICON;
  const meta = doc.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = policy(new URL(`${INBOX}/`, doc.baseURI).href);
  meta.dataset.supportOffline = '';
  doc.head.append(meta);
}

/** A plain square in the storefront's dark blue, as an inline SVG. */
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1f5f8b"/></svg>')}`;

let patched = false;

/** Dialogs inside `[data-replay-frame="inline"]` open without taking over the page (show() for showModal()). */
export function keepReplayedDialogsInline(): void {
  if (patched || typeof HTMLDialogElement === 'undefined') return;
  patched = true;
  const showModal = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.showModal = function showModalUnlessReplayed(this: HTMLDialogElement) {
    if (this.closest('[data-replay-frame="inline"]')) return this.show();
    return showModal.call(this);
  };
}

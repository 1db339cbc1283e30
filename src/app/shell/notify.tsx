// The shared toast notifier (account-and-session.md section 2): kinds error, success and warning. react-hot-toast
// renders each toast in a polite live region, so screen readers hear them too.
//
// react-hot-toast is not part of the first page: it loads with the first toast, or once the page has settled
// (ToastHost), whichever comes first. A toast asked for while it loads is shown as soon as it has.
import { lazy, Suspense, useEffect, useState } from 'react';
import { lazyModule } from '../../store/lazyModule';
import { AFTER_FIRST_PAGE_MS } from '../runtime/startStorefront';

type HotToast = typeof import('react-hot-toast').default;

const hotToast = lazyModule(async () => (await import('react-hot-toast')).default);
/** Set once the notifier is wanted; ToastHost mounts the toaster then. */
let requested = false;
const whenRequested = new Set<() => void>();

function loadToasts(): Promise<HotToast> {
  if (!requested) {
    requested = true;
    whenRequested.forEach((mount) => mount());
  }
  return hotToast.load();
}

const show = (toastWith: (toast: HotToast) => unknown) =>
  void loadToasts().then(toastWith, (error: unknown) => console.error('countertop: the notifier could not load:', error));

const WARNING_STYLE = { background: 'var(--warning-soft)', color: '#5c3d00' } as const;

export const notify = {
  success: (message: string) => show((toast) => toast.success(message, { id: `success:${message}` })),
  error: (message: string) => show((toast) => toast.error(message, { id: `error:${message}`, duration: 6000 })),
  warning: (message: string) => show((toast) => toast(message, { id: `warning:${message}`, icon: '\u26a0\ufe0f', style: WARNING_STYLE, duration: 6000 })),
};

const ToastLayer = lazy(async () => ({ default: (await import('./ToastLayer')).ToastLayer }));

/** Mounts the toast layer once the notifier is wanted: by a toast, or shortly after the first page. */
export function ToastHost() {
  const [wanted, setWanted] = useState(requested);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    // A toast asked for before this effect ran (a sibling's effect at start-up) has already started the load.
    if (requested) return want();
    whenRequested.add(want);
    const timer = window.setTimeout(() => {
      // A failed fetch is tried again by the next toast (which also reports it).
      loadToasts().catch(() => undefined);
      want();
    }, AFTER_FIRST_PAGE_MS);
    return () => {
      whenRequested.delete(want);
      window.clearTimeout(timer);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastLayer />
    </Suspense>
  ) : null;
}

// The shared toast notifier (account-and-session.md section 2): kinds error, success and warning. react-hot-toast
// renders each toast in a polite live region, so screen readers hear them too.
//
// react-hot-toast is not part of the first page: it loads with the first toast, or once the page has settled
// (ToastHost), whichever comes first. A toast asked for while it loads is shown as soon as it has.
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { lazyModule, type LazyModule } from '../../store/lazyModule';
import { firstPage } from '../runtime/firstPage';

export type HotToast = typeof import('react-hot-toast').default;

let hotToast: LazyModule<HotToast> = lazyModule(() => Promise.reject(new Error('no toast library was provided')));

/** Where the toasts' library comes from: the root names it (src/app/root/parts.ts) before anything is toasted. */
export function provideToasts(load: () => Promise<{ readonly default: HotToast }>): void {
  hotToast = lazyModule(async () => (await load()).default);
}
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

export type ToastKind = 'success' | 'error' | 'warning';

/** How long each kind stays on screen (the support console shows a replayed toast as long). */
export const TOAST_DURATION: { readonly [K in ToastKind]: number } = { success: 4000, error: 6000, warning: 6000 };

/** The same words of the same kind are one toast: shown again, it is updated rather than stacked. */
export const toastId = (kind: ToastKind, message: string) => `${kind}:${message}`;

/** Raises a toast of `kind` as the notifier shows it; `options` add to its own (the console's toaster, its duration). */
export function raiseToast(
  toast: HotToast,
  kind: ToastKind,
  message: string,
  options: { id?: string; toasterId?: string; duration?: number; ariaProps?: typeof SEEN_ONLY } = {},
): void {
  const own = { id: toastId(kind, message), duration: TOAST_DURATION[kind], ...options };
  if (kind === 'success') toast.success(message, own);
  else if (kind === 'error') toast.error(message, own);
  else toast(message, { ...own, icon: '\u26a0\ufe0f', style: WARNING_STYLE });
}

/** A toast that is seen and not heard: its words are said aloud once, by the page's own notice (a live region). */
const SEEN_ONLY = { role: 'status', 'aria-live': 'off' } as const;

export const notify = {
  success: (message: string) => show((toast) => raiseToast(toast, 'success', message)),
  /** `aloud: false` where the page's own notice says the same words aloud: a screen reader hears them once. */
  error: (message: string, { aloud = true }: { readonly aloud?: boolean } = {}) =>
    show((toast) => raiseToast(toast, 'error', message, aloud ? {} : { ariaProps: SEEN_ONLY })),
  warning: (message: string) => show((toast) => raiseToast(toast, 'warning', message)),
};

/** Mounts the toast layer once the notifier is wanted: by a toast, or shortly after the first page. */
export function ToastHost({ Layer }: { readonly Layer: ComponentType }) {
  const [wanted, setWanted] = useState(requested);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    // A toast asked for before this effect ran (a sibling's effect at start-up) has already started the load.
    if (requested) return want();
    whenRequested.add(want);
    const cancel = firstPage.after(() => {
      // A failed fetch is tried again by the next toast (which also reports it).
      loadToasts().catch(() => undefined);
      want();
    });
    return () => {
      whenRequested.delete(want);
      cancel();
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Layer />
    </Suspense>
  ) : null;
}

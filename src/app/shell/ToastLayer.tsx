// The toast notifier in the browser's top layer: a manual popover, raised above every modal dialog as it opens, so a
// toast is never hidden under a dialog's backdrop. (Inside a modal dialog the page is inert, so dialogs also show
// their own messages inline for screen readers.) Loaded after the first page, or with the first toast (notify.tsx).
import { useEffect, useRef, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { registerToastLayer } from './toastStack';
import './toastLayer.css';

/**
 * The bottom edge of the header, which stays on screen: toasts start below it, so they never cover the bag and its
 * count, the one thing a shopper looks for after adding.
 */
function useHeaderBottom(): number {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    const header = document.querySelector('.site-header');
    if (!header) return;
    const measure = () => setBottom(Math.max(0, Math.round(header.getBoundingClientRect().bottom)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return bottom;
}

export function ToastLayer() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => registerToastLayer(ref.current), []);
  const headerBottom = useHeaderBottom();
  return (
    <div ref={ref} popover="manual" className="toast-layer">
      <Toaster position="top-center" containerStyle={{ top: headerBottom + 8 }} toastOptions={{ duration: 4000 }} />
    </div>
  );
}

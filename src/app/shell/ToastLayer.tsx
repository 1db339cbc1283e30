// The toast notifier in the browser's top layer: a manual popover, raised above every modal dialog as it opens, so a
// toast is never hidden under a dialog's backdrop. (Inside a modal dialog the page is inert, so dialogs also show
// their own messages inline for screen readers.) Loaded after the first page, or with the first toast (notify.tsx).
import { useEffect, useRef } from 'react';
import { Toaster } from 'react-hot-toast';
import { registerToastLayer } from './toastStack';
import './toastLayer.css';

export function ToastLayer() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => registerToastLayer(ref.current), []);
  return (
    <div ref={ref} popover="manual" className="toast-layer">
      <Toaster position="top-center" toastOptions={{ duration: 4000 }} />
    </div>
  );
}

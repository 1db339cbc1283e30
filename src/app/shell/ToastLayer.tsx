// The toast notifier in the browser's top layer: a manual popover, raised above every modal dialog as it opens, so a
// toast is never hidden under a dialog's backdrop. (Inside a modal dialog the page is inert, so dialogs also show
// their own messages inline for screen readers.)
import { useEffect, useRef } from 'react';
import { Toaster } from 'react-hot-toast';
import './toastLayer.css';

let layer: HTMLElement | null = null;

/** Moves the toasts above whatever was last put in the top layer (called by Dialog after showModal). */
export function raiseToasts(): void {
  if (!layer || typeof layer.showPopover !== 'function') return;
  if (layer.matches(':popover-open')) layer.hidePopover();
  layer.showPopover();
}

export function ToastLayer() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    layer = ref.current;
    raiseToasts();
    return () => {
      if (layer === ref.current) layer = null;
    };
  }, []);
  return (
    <div ref={ref} popover="manual" className="toast-layer">
      <Toaster position="top-center" toastOptions={{ duration: 4000 }} />
    </div>
  );
}

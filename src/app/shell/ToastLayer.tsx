// The toast notifier in the browser's top layer: a manual popover, raised above every modal dialog as it opens, so a
// toast is never hidden under a dialog's backdrop. (Inside a modal dialog the page is inert, so dialogs also show
// their own messages inline for screen readers.) Loaded after the first page, or with the first toast (notify.tsx).
// The support console shows a replayed page's toasts with the same layer, on a toaster of its own.
import { useEffect, useRef, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { registerToastLayer } from './toastStack';
import './toastLayer.css';

/**
 * The bottom edge of the header, which stays on screen: toasts start below it, so they never cover the bag and its
 * count, the one thing a shopper looks for after adding. Measured from the layer's top, in the layer's own pixels
 * (the same as the window's for the shopper; the console's frame may sit lower and be scaled).
 */
function useHeaderBottom(layer: React.RefObject<HTMLElement | null>): number {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    const header = layer.current?.parentElement?.querySelector('.site-header') ?? document.querySelector('.site-header');
    if (!header) return;
    const measure = () => {
      const top = layer.current?.getBoundingClientRect().top ?? 0;
      const zoom = layer.current?.currentCSSZoom ?? 1;
      setBottom(Math.max(0, Math.round((header.getBoundingClientRect().bottom - top) / zoom)));
    };
    // The observer's first call measures too, after the browser's own layout: measuring here forced a layout of the
    // whole page in the task that mounts the layer.
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, [layer]);
  return bottom;
}

export function ToastLayer({ toasterId, inline = false }: { readonly toasterId?: string; readonly inline?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // Inline (the console's page beside its timeline), the layer stays in the page's frame instead of the top layer.
  useEffect(() => (inline ? undefined : registerToastLayer(ref.current)), [inline]);
  const headerBottom = useHeaderBottom(ref);
  return (
    <div ref={ref} popover={inline ? undefined : 'manual'} className="toast-layer">
      <Toaster position="top-center" containerStyle={{ top: headerBottom + 8 }} toastOptions={{ duration: 4000 }} toasterId={toasterId} />
    </div>
  );
}

// The toast notifier in the browser's top layer: a manual popover, raised above every modal dialog as it opens, so a
// toast is never hidden under a dialog's backdrop. (Inside a modal dialog the page is inert, so dialogs also show
// their own messages inline for screen readers.) Loaded after the first page, or with the first toast (notify.tsx).
// The support console shows a replayed page's toasts with the same layer, on a toaster of its own.
import { useEffect, useRef, useState } from 'react';
import { Toaster, useToasterStore } from 'react-hot-toast';
import { registerToastLayer } from './toastStack';
import './toastLayer.css';

/**
 * Where the toasts start, in the layer's own pixels (the same as the window's for the shopper; the console's frame may
 * sit lower and be scaled): below the header, which stays on screen, so they never cover the bag and its count, the
 * one thing a shopper looks for after adding; and below the page's heading when toasts there would cover it, so a
 * shopper always reads where they are. While toasts are shown it is measured at each frame (the page scrolls, a new
 * page comes); with none, nothing is measured.
 */
function useToastTop(layer: React.RefObject<HTMLElement | null>, shown: boolean): number {
  const [top, setTop] = useState(GAP);
  const headerBottom = useRef(0);
  const following = useRef(shown);
  following.current = shown;
  useEffect(() => {
    const header = headerOf(layer.current);
    if (!header) return;
    const measure = () => {
      headerBottom.current = bottomOf(header, layer.current);
      // While toasts are shown, the frames below place them.
      if (!following.current) setTop(headerBottom.current + GAP);
    };
    // The observer's first call measures too, after the browser's own layout: measuring here forced a layout of the
    // whole page in the task that mounts the layer.
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, [layer]);
  useEffect(() => {
    if (!shown) {
      setTop(headerBottom.current + GAP);
      return;
    }
    let frame = requestAnimationFrame(function follow() {
      // The header on the page now: the one measured when the layer mounted may have been replaced since (a page
      // drawn again), and a detached header measures 0, which put a toast over the bag (seen once in a busy run).
      const header = headerOf(layer.current);
      if (header) headerBottom.current = bottomOf(header, layer.current);
      setTop(clearOfHeading(layer.current, headerBottom.current + GAP));
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [layer, shown]);
  return top;
}

/** Space between the toasts and what they stay clear of. */
const GAP = 8;

/** The page's header: the one beside the layer (the console's frame has its own), else the document's. */
const headerOf = (layer: HTMLElement | null): Element | null => layer?.parentElement?.querySelector('.site-header') ?? document.querySelector('.site-header');

/** A header's bottom in the layer's own pixels. */
function bottomOf(header: Element, layer: HTMLElement | null): number {
  const { top: layerTop, zoom } = layerFrame(layer);
  return Math.max(0, Math.round((header.getBoundingClientRect().bottom - layerTop) / zoom));
}

function layerFrame(layer: HTMLElement | null): { readonly top: number; readonly zoom: number } {
  return { top: layer?.getBoundingClientRect().top ?? 0, zoom: layer?.currentCSSZoom ?? 1 };
}

/** `below` (under the header), or under the page's heading where the toasts from `below` would cover it. */
function clearOfHeading(layer: HTMLElement | null, below: number): number {
  const heading = layer?.parentElement?.querySelector('main h1') ?? document.querySelector('main h1');
  const stack = layer?.querySelector<HTMLElement>('[data-rht-toaster]');
  if (!layer || !heading || !stack) return below;
  const { top: layerTop, zoom } = layerFrame(layer);
  const box = heading.getBoundingClientRect();
  // A heading kept for screen readers only (one pixel) or scrolled away covers nothing.
  if (box.height <= 1 || box.bottom <= layerTop) return below;
  const toasts = [...stack.children].map((toast) => toast.getBoundingClientRect()).filter((rect) => rect.height > 0);
  if (toasts.length === 0) return below;
  const height = Math.max(...toasts.map((rect) => rect.bottom)) - Math.min(...toasts.map((rect) => rect.top));
  const headingTop = (box.top - layerTop) / zoom;
  const headingBottom = (box.bottom - layerTop) / zoom;
  return below + height / zoom <= headingTop - GAP ? below : Math.max(below, Math.ceil(headingBottom + GAP));
}

export function ToastLayer({ toasterId, inline = false }: { readonly toasterId?: string; readonly inline?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // Inline (the console's page beside its timeline), the layer stays in the page's frame instead of the top layer.
  useEffect(() => (inline ? undefined : registerToastLayer(ref.current)), [inline]);
  const { toasts } = useToasterStore({}, toasterId);
  const top = useToastTop(
    ref,
    toasts.some((toast) => toast.visible),
  );
  return (
    <div ref={ref} popover={inline ? undefined : 'manual'} className="toast-layer">
      <Toaster position="top-center" containerStyle={{ top }} toastOptions={{ duration: 4000 }} toasterId={toasterId} />
    </div>
  );
}

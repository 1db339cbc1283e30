// The shopper's page beside the timeline, laid out at the window's width (the width the page's own rules expect)
// and scaled down to fit the frame, so it reads as the shopper's screen in miniature rather than a squeezed one.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export function ScaledFrame({ children }: { readonly children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const [width, setWidth] = useState(() => window.innerWidth);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const fit = () => {
      setWidth(window.innerWidth);
      setScale(Math.min(1, element.clientWidth / window.innerWidth));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={frame} className="support-frame" data-replay-frame="inline" inert>
      <div className="support-frame-page" style={{ width, zoom: scale }}>
        {children}
      </div>
    </div>
  );
}

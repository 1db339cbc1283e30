// The shopper's page beside the timeline, laid out at the shopper's width (the width the log recorded with DeviceSeen,
// else the console window's) and scaled down to fit the frame, so it reads as the shopper's screen in miniature: a
// phone shopper's stacked layout and sticky bar as they saw them. The page's width rules ask the frame, not the
// window (shopperWidth.ts).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export function ScaledFrame({ width: shopperWidth, children }: { readonly width: number | null; readonly children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(() => window.innerWidth);
  const [windowWidth, setWindowWidth] = useState(() => window.innerWidth);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const fit = () => {
      setWindowWidth(window.innerWidth);
      setRoom(element.clientWidth);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const width = shopperWidth !== null && shopperWidth > 0 ? shopperWidth : windowWidth;
  const scale = Math.min(1, room / width);
  return (
    <div ref={frame} className="support-frame" data-replay-frame="inline" data-width={width} inert>
      <div className="support-frame-page" style={{ width, zoom: scale }}>
        {children}
      </div>
    </div>
  );
}

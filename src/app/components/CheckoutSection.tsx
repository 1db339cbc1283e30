// The frame of one checkout block: its number, its heading, a check once it is complete, and an optional action.
import { useId, type ReactNode } from 'react';
import './checkoutBlocks.css';

export interface CheckoutSectionProps {
  readonly step: number;
  readonly title: string;
  /** The block has what placing the order needs from it. */
  readonly done?: boolean;
  readonly action?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
}

export function CheckoutSection({ step, title, done = false, action, children, className }: CheckoutSectionProps) {
  const id = useId();
  return (
    <section className={`checkout-block card${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <header className="checkout-block-head">
        <span className={`checkout-step${done ? ' checkout-step-done' : ''}`} aria-hidden="true">
          {done ? (
            <svg viewBox="0 0 16 16" width="14" height="14" focusable="false">
              <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          ) : (
            step
          )}
        </span>
        <h2 id={id} className="checkout-block-title">
          {title}
          {done ? <span className="visually-hidden"> (complete)</span> : null}
        </h2>
        {action ? <div className="checkout-block-action">{action}</div> : null}
      </header>
      <div className="checkout-block-body">{children}</div>
    </section>
  );
}

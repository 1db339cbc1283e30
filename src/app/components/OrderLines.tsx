// An order's lines (checkout's summary, the confirmation, order history): quantity, name, options, note, amount.
// `children` follow the lines in the same list (the discount row).
import type { ReactNode } from 'react';
import type { OrderLine } from '../../events/selectors/orderLines';
import { Money } from './Money';
import './orderLines.css';

export function OrderLines({ lines, currency, children }: { readonly lines: readonly OrderLine[]; readonly currency: string; readonly children?: ReactNode }) {
  return (
    <ul className="summary-lines">
      {lines.map((line) => (
        <li key={line.key} className={`summary-line${line.outOfStock ? ' is-out' : ''}`}>
          <span className="summary-qty">{line.quantity}×</span>
          <span className="summary-item">
            <span className="summary-name">{line.name}</span>
            {line.options ? <span className="summary-detail">{line.options}</span> : null}
            {line.note ? <span className="summary-detail">“{line.note}”</span> : null}
            {line.outOfStock ? <span className="summary-out">Out of stock</span> : null}
          </span>
          <span className="summary-price">{line.amount !== null ? <Money amount={line.amount} currency={currency} /> : null}</span>
        </li>
      ))}
      {children}
    </ul>
  );
}

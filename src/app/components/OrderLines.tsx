// An order's lines (checkout's summary, the confirmation, order history): quantity, name, options, note, amount.
// `children` follow the lines in the same list (the discount row); `lineAction` puts a button under each line.
import type { ReactNode } from 'react';
import type { OrderLine } from '../../events/selectors/orderLines';
import { Money } from './Money';
import './orderLines.css';

export interface OrderLinesProps {
  readonly lines: readonly OrderLine[];
  readonly currency: string;
  readonly children?: ReactNode;
  /** Something the shopper can do with a line (order history's 'Reorder'), shown under it. */
  readonly lineAction?: (line: OrderLine) => ReactNode;
}

export function OrderLines({ lines, currency, children, lineAction }: OrderLinesProps) {
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
            {lineAction ? <span className="summary-action">{lineAction(line)}</span> : null}
          </span>
          <span className="summary-price">{line.amount !== null ? <Money amount={line.amount} currency={currency} /> : null}</span>
        </li>
      ))}
      {children}
    </ul>
  );
}

// Why the numbers were what they were at the selected event (events/selectors/why.ts): each line's price and how
// the totals add up, why Place Order was disabled, which rule took lines out or lowered them, why an order failed.
import { formatDiscount, formatMoney } from '../../../domain/money';
import type { Why } from '../../../events/selectors/why';

export function WhyPanel({ why }: { readonly why: Why }) {
  const money = (amount: number) => formatMoney(amount, why.currency);
  return (
    <div className="support-why">
      <h3>Prices</h3>
      {why.lines.length === 0 ? (
        <p>The bag is empty.</p>
      ) : (
        <table className="support-table" aria-label="Each line's price">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Gross</th>
              <th scope="col">Discount</th>
              <th scope="col">Taxes</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {why.lines.map((line) => (
              <tr key={line.key} data-line-total={line.total}>
                <th scope="row">
                  {line.quantity} x {line.name}
                </th>
                <td>
                  {money(line.gross)}{' '}
                  <span className="support-muted">
                    ({line.quantity} x {money(line.unitPrice)})
                  </span>
                </td>
                <td>{formatDiscount(line.discount, why.currency)}</td>
                <td>
                  {line.taxes.length === 0
                    ? money(0)
                    : line.taxes.map((tax) => (
                        <span key={tax.id} className="support-tax">
                          {tax.name} {money(tax.amount)}
                          {tax.inclusive ? ' (included)' : ''}
                        </span>
                      ))}
                </td>
                <td>{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {why.totals ? (
        <p className="support-sum" data-grand-total={why.totals.grandTotal} data-tips={why.totals.tips} data-adds-up={why.addsUp}>
          Subtotal {money(why.totals.subTotal)} − discount {money(why.totals.discounts)}
          {why.discountName ? ` (${why.discountName})` : ''} + tax {money(why.totals.taxes)} + tip {money(why.totals.tips)} ={' '}
          <strong>{money(why.totals.grandTotal)}</strong>. {why.addsUp ? 'The lines add up to these totals.' : 'The lines do not add up to these totals.'}
        </p>
      ) : (
        <p>No prices: no location chosen yet, or the bag could not be priced.</p>
      )}
      {why.problems.map((problem) => (
        <p key={problem} className="support-problem">
          Pricing problem: {problem}
        </p>
      ))}
      <h3>Place Order</h3>
      {why.placeOrder.canPlace ? (
        <p>Enabled.</p>
      ) : (
        <>
          <p>Disabled, because:</p>
          <ul className="support-blockers">
            {why.placeOrder.blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </>
      )}
      <h3>Lines taken out or lowered</h3>
      {why.drops.length === 0 ? (
        <p>None so far.</p>
      ) : (
        <ul>
          {why.drops.map((drop) => (
            <li key={`${drop.seq} ${drop.text}`}>
              <a href={`#event=${drop.seq}`}>#{drop.seq}</a> ({drop.at}): {drop.text}
            </li>
          ))}
        </ul>
      )}
      <h3>Last order attempt</h3>
      {why.failure ? (
        <p className="support-failure">
          Failed{why.failure.at ? ` at ${why.failure.at}` : ''}. Codes: {why.failure.codes.join(', ') || 'none'}. The shopper read: “{why.failure.message}”
          {why.failure.shown ? '' : ' (no longer shown: the bag changed since)'}
          {why.failure.cause ? ` Why the call failed: ${why.failure.cause}.` : ''}
        </p>
      ) : (
        <p>No failure.</p>
      )}
    </div>
  );
}

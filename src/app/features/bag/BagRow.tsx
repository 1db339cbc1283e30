// One line of the bag (ordering.md section 2 "Cart screen"): picture, name, variation, options, note, quantity,
// price, Edit and Remove, and the stock warning that concerns it.
import type { BagLineView } from '../../../events/selectors/bag';
import { OUT_OF_STOCK_BADGE } from '../../../domain/items/messages';
import { variationShownWith } from '../../../domain/items/variationLabel';
import { Money } from '../../components/Money';
import { QuantityStepper } from '../../components/QuantityStepper';

export interface BagRowProps {
  readonly entry: BagLineView;
  readonly currency: string;
  readonly warning: string | undefined;
  readonly onQuantity: (quantity: number) => void;
  readonly onEdit: () => void;
  readonly onRemove: () => void;
}

export function BagRow({ entry, currency, warning, onQuantity, onEdit, onRemove }: BagRowProps) {
  const { line, itemName, variationName, modifierNames, imageUrl, priced, outOfStock } = entry;
  const shownVariation = variationShownWith(itemName, variationName);
  return (
    <li className={`bag-row${outOfStock ? ' is-out' : ''}`} data-line-key={line.key} aria-label={itemName}>
      <div className="bag-row-media">
        {imageUrl ? (
          <img src={imageUrl} alt="" />
        ) : (
          <span className="bag-row-initial" aria-hidden="true">
            {itemName.charAt(0)}
          </span>
        )}
      </div>
      <div className="bag-row-main">
        <div className="bag-row-head">
          <h2 className="bag-row-name">{itemName}</h2>
          <p className="bag-row-price">
            {priced ? <Money amount={priced.grossSales} currency={currency} /> : null}
            {priced && line.quantity > 1 ? (
              <span className="bag-row-each">
                <Money amount={priced.unitPrice} currency={currency} /> each
              </span>
            ) : null}
          </p>
        </div>
        {shownVariation ? <p className="bag-row-detail">{shownVariation}</p> : null}
        {modifierNames.length > 0 ? <p className="bag-row-detail">{modifierNames.join(', ')}</p> : null}
        {line.note ? (
          <p className="bag-row-detail bag-row-note">
            <span className="bag-row-note-label">Note:</span> {line.note}
          </p>
        ) : null}
        {outOfStock ? <p className="bag-badge">{OUT_OF_STOCK_BADGE}</p> : null}
        <div className="bag-row-controls">
          <QuantityStepper value={line.quantity} min={0} label={itemName} onChange={onQuantity} />
          <span className="bag-row-actions">
            <button type="button" className="btn btn-link" onClick={onEdit}>
              Edit<span className="visually-hidden"> {itemName}</span>
            </button>
            <button type="button" className="btn btn-link bag-row-remove" onClick={onRemove}>
              Remove<span className="visually-hidden"> {itemName}</span>
            </button>
          </span>
        </div>
        {warning ? <p className="notice notice-warning bag-row-warning">{warning}</p> : null}
      </div>
    </li>
  );
}

// Minus / quantity / plus, with names a screen reader can say ("Decrease quantity of Latte").
import './quantity.css';

export interface QuantityStepperProps {
  readonly value: number;
  readonly onChange: (value: number) => void;
  readonly min?: number;
  readonly max?: number;
  /** What the quantity is of, for the buttons' accessible names. */
  readonly label: string;
  readonly disabled?: boolean;
}

export function QuantityStepper({ value, onChange, min = 0, max = Infinity, label, disabled = false }: QuantityStepperProps) {
  return (
    <div className="quantity" role="group" aria-label={`Quantity of ${label}`}>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Decrease quantity of ${label}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="quantity-value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="icon-btn"
        aria-label={`Increase quantity of ${label}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

// 'Add A Tip' (ordering.md sections 2, 5 and 9): the location's preset percentages with what each comes to, 'None',
// and a custom amount when the location allows one, never above the maximum ('Tip Amount must not exceed {amount}').
import * as E from 'fp-ts/lib/Either.js';
import { useId, useState, type FormEvent } from 'react';
import type { Location } from '../../../domain/catalog/codecs';
import { currencySymbol, formatMoney, formatMoneyInput } from '../../../domain/money';
import type { Preview } from '../../../domain/pricing/priceCart';
import { maximumTip, tipEditable, tipOptions, validateTipInput } from '../../../domain/tip';
import { Dialog } from '../../components/Dialog';
import { useAnnounce } from '../../components/Announcer';
import { useCommands } from '../../runtime/RuntimeContext';
import { notify } from '../../shell/notify';
import { useClientDialog } from '../../shell/useClientEvents';

export interface TipModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly location: Location;
  readonly currency: string;
  readonly preview: Preview;
  readonly tip: { readonly amount: number; readonly percent: number | null };
}

export function TipModal({ open, onClose, location, currency, preview, tip }: TipModalProps) {
  // Recorded for support, whose console opens it where the log says it was open.
  const shown = useClientDialog('tip', open);
  return (
    <Dialog open={shown} onClose={onClose} title="Add A Tip" className="checkout-tip-dialog">
      {shown ? <TipChoices onClose={onClose} location={location} currency={currency} preview={preview} tip={tip} /> : null}
    </Dialog>
  );
}

function TipChoices({ onClose, location, currency, preview, tip }: Omit<TipModalProps, 'open'>) {
  const commands = useCommands();
  const announce = useAnnounce();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const [text, setText] = useState(tip.amount > 0 && tip.percent === null ? formatMoneyInput(tip.amount) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = tipOptions(location, preview);
  const editable = tipEditable(location);
  const max = maximumTip(location, preview);

  const apply = async (amount: number, percent: number | null) => {
    setBusy(true);
    const result = amount === 0 && percent === null ? await commands.resetTip() : await commands.setTip(amount, percent);
    setBusy(false);
    if (E.isLeft(result)) {
      setError(result.left);
      notify.error(result.left);
      return;
    }
    announce(amount === 0 ? 'No tip' : `Tip set to ${formatMoney(amount, currency)}`);
    onClose();
  };

  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validateTipInput(text, location, preview);
    if (E.isLeft(parsed)) {
      setError(parsed.left);
      return;
    }
    setError(null);
    void apply(parsed.right, null);
  };

  return (
    <div className="tip-modal">
      <p className="muted">{editable ? 'Choose an amount, or enter your own.' : 'Choose an amount.'}</p>
      <div className="tip-presets" role="group" aria-label="Tip presets">
        {options.map((option) => {
          const selected = option.percent === null ? tip.amount === 0 : tip.percent === option.percent && tip.amount > 0;
          return (
            <button
              key={option.label}
              type="button"
              className={`tip-preset${selected ? ' is-selected' : ''}`}
              aria-pressed={selected}
              disabled={busy}
              onClick={() => void apply(option.amount, option.percent)}
            >
              <span className="tip-preset-label">{option.label}</span>
              {option.percent !== null ? <span className="tip-preset-amount">{formatMoney(option.amount, currency)}</span> : null}
            </button>
          );
        })}
      </div>
      {editable ? (
        <form className="tip-custom" onSubmit={submitCustom} noValidate>
          <div className="field">
            <label htmlFor={inputId}>Tip Amount</label>
            <div className="tip-custom-row">
              <span className="tip-currency" aria-hidden="true">
                {currencySymbol(currency)}
              </span>
              <input
                id={inputId}
                inputMode="decimal"
                autoComplete="off"
                value={text}
                placeholder="0.00"
                onChange={(event) => {
                  setText(event.target.value);
                  if (error) setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
              />
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Apply
              </button>
            </div>
            <span id={hintId} className="field-hint">
              Up to {formatMoney(max, currency)}
            </span>
            {error ? (
              <span id={errorId} className="field-error" role="alert">
                {error}
              </span>
            ) : null}
          </div>
        </form>
      ) : error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

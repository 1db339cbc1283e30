// 'Card Info' (ordering.md sections 2 and 4, card stage 2): the cardholder's name (optional; it goes only to Card/Create
// with a card the shopper keeps), then the card's number, expiry, CVV and postal code, handed to the card provider
// adapter and to nothing else. A tokenizing failure shows nothing (section 8); it is reported.
// Once every field is filled in and valid (the postal code complete), the card goes to the provider by itself and the
// billing address appears below the fields, which stay where they are, without a 'Continue' tap; 'Continue' stays
// for anyone who presses it, and for a second try, until the card has gone.
import * as E from 'fp-ts/lib/Either.js';
import { useEffect, useRef } from 'react';
import { cardBrand, cardDigits } from '../../domain/payments/cardNumbers';
import type { TokenizedCard } from '../../api/payments/cardTokenizer';
import { useView } from '../hooks/useView';
import { useRuntime, useViews } from '../runtime/RuntimeContext';
import { CardBrandIcon } from '../components/cards/CardBrandIcon';
import { CARD_CHECK_WAITS } from '../../domain/payments/messages';
import { FormWaiting } from './FormFailure';
import { TextField } from './TextField';
import { useForm } from './useForm';
import { cardDetailsOf, formatCardNumberInput, formatExpiryInput, validateCardEntry, type CardEntryValues } from '../../domain/forms/cardEntry';
import type { PaymentAdapter } from './payments/paymentAdapter';
import '../components/checkoutBlocks.css';

export interface CardEntryFormProps {
  readonly adapter: PaymentAdapter;
  readonly values: CardEntryValues;
  readonly onChange: (values: CardEntryValues) => void;
  readonly onTokenized: (card: TokenizedCard) => void;
  /** Offered when there is somewhere to go back to (a card, or the saved cards). */
  readonly onCancel?: (() => void) | undefined;
  /**
   * The card went to the provider and its billing address is asked below: the fields stay where they are (nothing
   * moves under the shopper's thumb) and 'Continue' is not needed; a change to the card sends it again by itself.
   */
  readonly tokenized?: boolean;
  /** The fields wait (the page is using the card). */
  readonly locked?: boolean;
}

/** A US postal code as typed to its end: five digits, or ZIP+4. */
const COMPLETE_POSTAL_CODE = /^\d{5}(-\d{4})?$/;

/** How each field's typing is kept: digits grouped, MM/YY, digits only. */
const FORMATS: Readonly<Record<keyof CardEntryValues, (text: string) => string>> = {
  name: (text) => text,
  number: formatCardNumberInput,
  expiry: formatExpiryInput,
  cvv: (text) => text.replace(/\D/g, '').slice(0, 4),
  postalCode: (text) => text.replace(/[^\d-]/g, '').slice(0, 10),
};

export function CardEntryForm({ adapter, values, onChange, onTokenized, onCancel, tokenized = false, locked = false }: CardEntryFormProps) {
  const { reportError } = useRuntime();
  // An example a shopper here recognises: the location's own ZIP code (five digits), else a generic one.
  const locationZip = useView(useViews().location)?.location.Address?.PostalCode.slice(0, 5) ?? '';
  const postalExample = /^\d{5}$/.test(locationZip) ? locationZip : '12345';
  const form = useForm<CardEntryValues>({
    initial: values,
    validate: validateCardEntry,
    normalize: (field, text) => FORMATS[field](text),
    submit: async (entered) => {
      const result = await adapter.tokenize(cardDetailsOf(entered));
      if (E.isLeft(result)) {
        // Only the provider's reasons: never the card details. A tokenizing failure shows nothing (section 8).
        reportError({ call: `tokenize (${adapter.kind})`, message: `${result.left.kind}: ${result.left.problems.join('; ')}` });
        return E.right(undefined);
      }
      onTokenized(result.right);
      return E.right(undefined);
    },
    waitsForNetwork: CARD_CHECK_WAITS,
  });
  const brand = cardBrand(cardDigits(form.values.number));
  const complete = Object.keys(form.errors).length === 0 && COMPLETE_POSTAL_CODE.test(form.values.postalCode);
  // The values last sent by themselves: each complete card goes once; one the form opened with (Back) waits for a press.
  const sentByItself = useRef<string | null>(complete ? JSON.stringify(form.values) : null);
  const { submit, saving } = form;
  useEffect(() => {
    if (!complete || saving) return;
    const key = JSON.stringify(form.values);
    if (sentByItself.current === key) return;
    sentByItself.current = key;
    void submit();
  }, [complete, saving, form.values, submit]);
  // The page keeps what was typed while the billing address is asked, so 'Back' shows it again.
  useEffect(() => onChange(form.values), [form.values, onChange]);

  return (
    <form className="checkout-card-form" {...form.formProps()} aria-label="Card Info">
      <h3 className="checkout-subheading">Card Info</h3>
      <fieldset className="checkout-locked" disabled={locked}>
        <TextField label="Name on Card (optional)" {...form.field('name')} autoComplete="cc-name" />
        <div className="checkout-card-number">
          <TextField label="Card Number" {...form.field('number')} autoComplete="cc-number" inputMode="numeric" placeholder="1234 5678 9012 3456" required />
          <span className="checkout-card-number-brand">
            <CardBrandIcon brand={brand} />
          </span>
        </div>
        <div className="checkout-grid-3 checkout-card-extras">
          <TextField label="Expiration Date" {...form.field('expiry')} autoComplete="cc-exp" inputMode="numeric" placeholder="MM/YY" required />
          <TextField label="CVV" {...form.field('cvv')} autoComplete="cc-csc" inputMode="numeric" placeholder="123" required />
          <TextField label="Postal Code" {...form.field('postalCode')} autoComplete="postal-code" inputMode="numeric" placeholder={postalExample} required />
        </div>
      </fieldset>
      <FormWaiting words={form.waiting} />
      {tokenized && !onCancel ? null : (
        <div className="checkout-actions">
          {onCancel ? (
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          {tokenized ? null : (
            <button type="submit" className="btn btn-primary" disabled={form.saving} aria-busy={form.saving || undefined}>
              {form.saving ? 'Checking card…' : 'Continue'}
            </button>
          )}
        </div>
      )}
      <p className="field-hint checkout-secure">
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path
            d="M4 7V5a4 4 0 018 0v2h.5A1.5 1.5 0 0114 8.5v5a1.5 1.5 0 01-1.5 1.5h-9A1.5 1.5 0 012 13.5v-5A1.5 1.5 0 013.5 7H4zm2 0h4V5a2 2 0 00-4 0v2z"
            fill="currentColor"
          />
        </svg>
        Your card details go straight to our payment provider.
      </p>
    </form>
  );
}

// Delivery at checkout (ordering.md sections 2, 3 and 4): the selected address (or the form to add one), whether this
// location delivers there (Validate's availability within its Radius), and the quote: delivery fee and service fee
// (its time and window show in the time block, once). Out of range, the shopper reads why and which of the business's
// locations does deliver there.
import * as E from 'fp-ts/lib/Either.js';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LocationCatalog } from '../../../domain/catalog/catalogIndex';
import { addressLabel, formatAddress, type DeliveryAddressFields } from '../../../domain/delivery/address';
import { ADDRESS_CHOOSE_WAITS, QUOTE_WAITS, SIGN_IN_FOR_DELIVERY } from '../../../domain/delivery/messages';
import { outOfRangeMessage } from '../../../domain/delivery/range';
import { currentQuote, quoteChoice } from '../../../events/selectors/delivery';
import { Money } from '../../components/Money';
import { DeliveryAddressForm } from '../../forms/DeliveryAddressForm';
import { useNetworkAction } from '../../hooks/useNetworkAction';
import { useOnline } from '../../hooks/useOnline';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useView } from '../../hooks/useView';
import { useCommands, useViews } from '../../runtime/RuntimeContext';
import { rememberReturnUrl } from '../../shell/returnUrl';
import './delivery.css';

/** How often an ASAP quote is asked again (its delivery time moves with the clock). */
const ASAP_REQUOTE_MS = 5 * 60_000;

export function DeliveryDetails({ location }: { readonly location: LocationCatalog }) {
  const signedIn = useStateSlice((s) => s.account.profile !== null);
  const navigate = useNavigate();
  if (!signedIn) {
    return (
      <div className="checkout-delivery">
        <p className="notice notice-info">{SIGN_IN_FOR_DELIVERY}</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            rememberReturnUrl('/checkout');
            navigate('/sign-in');
          }}
        >
          Sign In / Register
        </button>
      </div>
    );
  }
  return <AddressAndQuote location={location} />;
}

function AddressAndQuote({ location }: { readonly location: LocationCatalog }) {
  const commands = useCommands();
  const addresses = useStateSlice((s) => s.account.addresses);
  const selectedId = useStateSlice((s) => s.account.selectedAddressId);
  const [loaded, setLoaded] = useState(false);
  const [adding, setAdding] = useState(false);
  // The radio shows the shopper's pick at once, while the command records it.
  const [picked, setPicked] = useState<string | null>(null);
  const shown = picked ?? selectedId;
  // Choosing is kept in the log alone; only the address book's code may not be on this device yet.
  const choose = useNetworkAction({
    waits: ADDRESS_CHOOSE_WAITS,
    tryOffline: true,
    run: async (id: string) => {
      setPicked(id);
      const chosen = await commands.selectDeliveryAddress(id);
      setPicked(null);
      return chosen;
    },
  });

  useEffect(() => {
    let live = true;
    void commands.loadAddresses().then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [commands]);

  const check = async (address: DeliveryAddressFields) =>
    E.map((v: { Valid: boolean; Address: DeliveryAddressFields & { FormattedAddress?: string | undefined }; Problems: string[] }) => ({
      valid: v.Valid,
      address: v.Address,
      problems: v.Problems,
    }))(await commands.validateDeliveryAddress(address));
  const accept = async (address: DeliveryAddressFields) => {
    const saved = await commands.saveDeliveryAddress(address);
    if (E.isRight(saved)) setAdding(false);
    return saved;
  };

  const showForm = adding || (loaded && addresses.length === 0);
  return (
    <div className="checkout-delivery">
      {addresses.length > 0 ? (
        <fieldset className="checkout-delivery-addresses">
          <legend className="checkout-subheading">Deliver To</legend>
          {addresses.map((address) => (
            <label key={address.Id} className={`checkout-choice${address.Id === shown ? ' is-selected' : ''}`}>
              <input type="radio" name="delivery-address" value={address.Id} checked={address.Id === shown} onChange={() => choose.press(address.Id)} />
              <span className="checkout-choice-text">
                <span className="checkout-choice-name">{addressLabel(address)}</span>
                <span className="checkout-choice-hint">{formatAddress(address)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {showForm ? (
        <DeliveryAddressForm
          title="Add a Delivery Address"
          check={check}
          accept={accept}
          onCancel={addresses.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : addresses.length > 0 ? (
        <button type="button" className="btn btn-link" onClick={() => setAdding(true)}>
          Add a new address
        </button>
      ) : null}
      {selectedId !== null ? <Quote location={location} /> : addresses.length > 0 ? <p className="muted">Choose an address to deliver to.</p> : null}
    </div>
  );
}

function Quote({ location }: { readonly location: LocationCatalog }) {
  const commands = useCommands();
  const quote = useStateSlice(currentQuote);
  const choice = useStateSlice(quoteChoice);
  const selectedId = useStateSlice((s) => s.account.selectedAddressId);
  const locations = useView(useViews().locations);
  // A failed quote, for the request it answered: a new address, time or location asks again.
  const [failed, setFailed] = useState<{ readonly key: string; readonly message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Without a network nothing is asked; the quote is asked by itself when the browser is back online.
  const online = useOnline();
  const missing = quote === null;
  const key = `${location.location.Id}|${selectedId ?? ''}|${choice}|${attempt}|${online}`;
  const failure = failed !== null && failed.key === key ? failed.message : null;

  // A quote for this location, address and pickup choice; asked again whenever one of them changes.
  useEffect(() => {
    if (!missing || !online) return;
    let live = true;
    void commands.quoteDelivery().then((result) => {
      if (live && E.isLeft(result)) setFailed({ key, message: result.left });
    });
    return () => {
      live = false;
    };
  }, [commands, missing, online, key]);

  // An ASAP delivery time moves with the clock: the quote is asked again every few minutes while it is shown.
  useEffect(() => {
    if (missing || choice !== 'ASAP') return;
    const timer = window.setInterval(() => void commands.quoteDelivery(), ASAP_REQUOTE_MS);
    return () => window.clearInterval(timer);
  }, [commands, missing, choice]);

  if (missing && !online) {
    return (
      <p className="notice notice-info checkout-delivery-quote" role="status">
        {QUOTE_WAITS}
      </p>
    );
  }
  if (failure && missing) {
    return (
      <div className="notice notice-danger checkout-delivery-quote" role="alert">
        <p>{failure}</p>
        <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  }
  if (quote === null) {
    return (
      <p className="muted checkout-delivery-quote" role="status">
        Getting your delivery quote...
      </p>
    );
  }
  if (!quote.available) {
    const names = quote.deliveringIds.map((id) => locations.find((l) => l.location.Id === id)?.location.Name ?? id);
    const radius = location.location.Fulfillments?.Delivery?.Radius ?? null;
    return (
      <p className="notice notice-warning checkout-delivery-quote" role="status">
        {outOfRangeMessage(location.location.Name, quote.distance, names, radius)}
      </p>
    );
  }
  // The delivery's time and window are said once, in the time block below; here are what it costs.
  return (
    <dl className="checkout-delivery-quote totals" aria-label="Delivery quote">
      <div>
        <dt>Delivery Fee</dt>
        <dd>
          <Money amount={quote.deliveryFee} currency={location.currency} />
        </dd>
      </div>
      <div>
        <dt>Service Fee</dt>
        <dd>
          <Money amount={quote.serviceFee} currency={location.currency} />
        </dd>
      </div>
    </dl>
  );
}

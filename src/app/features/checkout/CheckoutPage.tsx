// /checkout: the form once the bag has something in it (CheckoutForm.tsx, loaded with the order's code), and what the
// page says without it: a location to choose first, or an empty bag. The page itself is small and comes alone: a
// first visit's bag is empty, and its words then wait for no order code (issue 33: checkout opened from a link).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useView } from '../../hooks/useView';
import { useStateSlice } from '../../hooks/useStateSlice';
import { useViews } from '../../runtime/RuntimeContext';
import { useReplaceWhileShown } from '../../shell/historyEntries';
import { useLocationChooser } from '../../shell/LocationChooserContext';
import { useCheckoutParts } from './checkoutParts';
import './checkoutPage.css';

export function CheckoutPage() {
  const views = useViews();
  const chooser = useLocationChooser();
  const { CheckoutForm } = useCheckoutParts();
  const location = useView(views.location);
  const itemCount = useView(views.itemCount);
  const placed = useStateSlice((s) => s.placement.status === 'placed');
  const [placing, setPlacing] = useState(false);
  const replace = useReplaceWhileShown();
  const done = placed && itemCount === 0 && !placing;
  useEffect(() => {
    if (done) replace('/');
  }, [done, replace]);

  useEffect(() => {
    document.title = 'Checkout - Order Online';
    return () => {
      document.title = 'Order Online';
    };
  }, []);

  if (location === null) {
    return (
      <div className="container checkout-page">
        <h1>Checkout</h1>
        <div className="card checkout-empty">
          <p>Choose a location to check out.</p>
          {chooser.canChange ? (
            <button type="button" className="btn btn-primary" onClick={chooser.open}>
              Choose a Location
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  if (itemCount === 0 && !placing) {
    if (placed) return null;
    return (
      <div className="container checkout-page">
        <h1>Checkout</h1>
        <div className="card checkout-empty">
          <p>Your bag is currently empty.</p>
          <Link className="btn btn-primary" to="/">
            Continue Shopping
          </Link>
        </div>
      </div>
    );
  }

  return <CheckoutForm location={location} onPlacing={setPlacing} />;
}

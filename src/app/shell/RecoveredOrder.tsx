// An order the last visit sent without an answer, confirmed by the API at start-up: the shopper lands on its
// confirmation instead of a checkout that would ask for the card again. The confirmation comes as a step forward, as
// after a press of Place Order: Back from it finds checkout with its order placed, which goes home.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRuntime } from '../runtime/RuntimeContext';

export function RecoveredOrder() {
  const { recoveredOrder } = useRuntime();
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    if (recoveredOrder === null || shown.current) return;
    shown.current = true;
    navigate(`/order-confirmation/${encodeURIComponent(recoveredOrder.orderId)}`);
  }, [recoveredOrder, navigate]);
  return null;
}

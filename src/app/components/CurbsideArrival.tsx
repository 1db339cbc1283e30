// 'I'm here' for a curbside order (ordering.md section 4; Presence/ImHere, a guest's by their key): on the order's page
// and in order history. It says the order's one instruction (tap I'm here when you arrive) from the start, and offers
// the button once the store said the order is ready (events/selectors/curbside.ts). Once announced, the arrival time
// shows; the prompt can be put away. Where the location has a curbside line (Fulfillments.Curbside.PhoneNumber), the
// prompt offers it too, for a shopper who would rather call. Its styles come with it: the confirmation does not load
// the order history's.
import type { LocationPhone } from '../../domain/locationPhone';
import type { Order } from '../../domain/orders/codecs';
import { ARRIVAL_WAITS } from '../../domain/orders/messages';
import { formatInstantShort } from '../../domain/time/formatInstant';
import { arrivalOffered, arrivedAt, curbsideInstruction } from '../../events/selectors/curbside';
import { useNetworkAction } from '../hooks/useNetworkAction';
import { useStateSlice } from '../hooks/useStateSlice';
import { useCommands } from '../runtime/RuntimeContext';
import './curbsideArrival.css';

export function CurbsideArrival({
  orderId,
  order,
  zone,
  phone,
}: {
  readonly orderId: string;
  readonly order: Order | null;
  readonly zone: string;
  /** The location's curbside line, when it has one. */
  readonly phone?: LocationPhone | undefined;
}) {
  const commands = useCommands();
  const offered = useStateSlice((s) => arrivalOffered(s, orderId, order));
  const arrived = useStateSlice((s) => arrivedAt(s, orderId));
  const instruction = useStateSlice((s) => curbsideInstruction(s, orderId, order));
  const announce = useNetworkAction({ waits: ARRIVAL_WAITS, run: () => commands.announceArrival(orderId) });
  if (arrived !== null) {
    return (
      <p className="notice notice-info curbside-arrival" role="status">
        You told the store you arrived at {formatInstantShort(arrived, zone)}. We are bringing your order out.
      </p>
    );
  }
  if (instruction === null) return null;
  if (!offered) return <p className="notice notice-info curbside-arrival">{instruction}</p>;
  return (
    <div className="notice notice-info curbside-arrival">
      <p>{instruction}</p>
      {phone ? (
        <p className="curbside-arrival-phone">
          Or call the store&apos;s curbside line: <a href={`tel:${phone.dial}`}>{phone.display}</a>
        </p>
      ) : null}
      <div className="curbside-arrival-actions">
        <button type="button" className="btn btn-primary" disabled={announce.busy} aria-busy={announce.busy || undefined} onClick={() => announce.press()}>
          I&apos;m here
        </button>
        <button type="button" className="btn btn-link" onClick={() => void commands.dismissArrivalPrompt(orderId)}>
          Not now
        </button>
      </div>
    </div>
  );
}

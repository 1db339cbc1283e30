// Whether the current location is open, said before the shopper types anything (issue: a closed location was revealed
// only at step 4 of checkout): "Open now · closes at 9:00 PM", or "Closed · opens tomorrow at 7:00 AM" with the
// spec's closed notice where ordering continues (the bag). Nothing shows until the time rules are in; it loads on
// demand, so the first page carries none of it.
import { CLOSED_NOTICE } from '../../domain/time/messages';
import { openStatusWords } from '../../domain/time/openStatusLabel';
import { useView } from '../hooks/useView';
import { useRuntime, useViews } from '../runtime/RuntimeContext';
import './openStatus.css';

export function OpenStatus({ withNotice = false }: { readonly withNotice?: boolean }) {
  const views = useViews();
  const { now } = useRuntime();
  const status = useView(views.openStatus);
  const location = useView(views.location);
  if (status === null || location === null) return null;
  const words = openStatusWords(status, location.location.Timezone, now());
  return (
    <div className="open-status" data-open={status.open ? 'true' : 'false'}>
      <p className="open-status-line">
        <span className="open-status-dot" aria-hidden="true" />
        <strong>{words.state}</strong>
        {words.detail ? <span> · {words.detail}</span> : null}
      </p>
      {!status.open && withNotice ? <p className="open-status-notice">{CLOSED_NOTICE.message}</p> : null}
    </div>
  );
}

export default OpenStatus;

// 'Use My Location' (account-and-session.md section 4, Location finder, and section 9): the browser's position with
// high accuracy, a 1000 ms timeout and a 1000 ms maximum age, asked again every 333 ms up to 16 times.
import type { Coordinates } from '../../../domain/locations';

/** The position request the spec gives (section 9, "Geolocation watch"). */
export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 1000, maximumAge: 1000 };
/** Attempts before giving up, and the wait between two of them. */
export const LOCATE_ATTEMPTS = 16;
export const LOCATE_RETRY_MS = 333;

export type Located =
  | { readonly kind: 'found'; readonly at: Coordinates }
  /** The shopper (or the browser's settings) refused: asking again would not help. */
  | { readonly kind: 'denied' }
  /** Every attempt timed out or had no position. */
  | { readonly kind: 'unavailable' }
  /** No geolocation in this browser (or not on an insecure page). */
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'cancelled' };

/** What the finder tells the shopper when no position came back; kind, and a way forward. */
export const LOCATE_MESSAGES = {
  denied: 'We can\u2019t see your location because location access is turned off for this site. You can enter a zip code instead.',
  unavailable: 'We couldn\u2019t find your location just now. Please try again, or enter a zip code.',
  unsupported: 'This browser can\u2019t share your location. Please enter a zip code instead.',
} as const;

/**
 * Asks for the position until one comes back, the shopper refuses, the attempts run out or `signal` aborts.
 * Resolves, never rejects.
 */
export function locateShopper(geolocation: Geolocation | undefined, signal?: AbortSignal): Promise<Located> {
  if (geolocation === undefined) return Promise.resolve({ kind: 'unsupported' });
  return new Promise<Located>((resolve) => {
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const finish = (result: Located) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => finish({ kind: 'cancelled' });
    if (signal?.aborted) return finish({ kind: 'cancelled' });
    signal?.addEventListener('abort', onAbort);

    const ask = () => {
      if (settled) return;
      attempt += 1;
      geolocation.getCurrentPosition(
        (position) => finish({ kind: 'found', at: { latitude: position.coords.latitude, longitude: position.coords.longitude } }),
        (error) => {
          if (error.code === error.PERMISSION_DENIED) return finish({ kind: 'denied' });
          if (attempt >= LOCATE_ATTEMPTS) return finish({ kind: 'unavailable' });
          timer = setTimeout(ask, LOCATE_RETRY_MS);
        },
        POSITION_OPTIONS,
      );
    };
    ask();
  });
}

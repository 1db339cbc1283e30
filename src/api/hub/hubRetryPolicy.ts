// When the inventory hub connection retries (ordering.md sections 4 and 9): start is tried twice; after a lost
// connection the first reconnect waits a random 4 to 8 s (so a restarted server is not hit by every shopper at
// once), then three more attempts back off from 500 ms, doubling: 4 attempts in all, then the hub gives up.
import type { IRetryPolicy, RetryContext } from '@microsoft/signalr';

export const HUB_START_ATTEMPTS = 2;
/** Wait between the two start attempts. */
export const HUB_START_RETRY_MS = 500;
export const HUB_RECONNECT_ATTEMPTS = 4;
export const HUB_RECONNECT_MIN_WAIT_MS = 4000;
export const HUB_RECONNECT_MAX_WAIT_MS = 8000;
export const HUB_BACKOFF_BASE_MS = 500;

/**
 * Milliseconds before reconnect attempt `previousRetryCount + 1`, or null to stop: attempt 1 after 4000 + random()
 * x 4000 ms, attempts 2, 3 and 4 after 500, 1000 and 2000 ms. `random` returns [0, 1) like Math.random.
 */
export function reconnectDelay(previousRetryCount: number, random: () => number): number | null {
  if (previousRetryCount < 0 || previousRetryCount >= HUB_RECONNECT_ATTEMPTS) return null;
  if (previousRetryCount === 0) {
    const r = Math.min(Math.max(random(), 0), 1);
    return Math.floor(HUB_RECONNECT_MIN_WAIT_MS + r * (HUB_RECONNECT_MAX_WAIT_MS - HUB_RECONNECT_MIN_WAIT_MS));
  }
  return HUB_BACKOFF_BASE_MS * 2 ** (previousRetryCount - 1);
}

/** The policy given to withAutomaticReconnect. */
export function inventoryHubRetryPolicy(random: () => number = Math.random): IRetryPolicy {
  return { nextRetryDelayInMilliseconds: (context: RetryContext) => reconnectDelay(context.previousRetryCount, random) };
}

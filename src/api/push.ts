// The push-notification service (account-and-session.md section 4: "When CustomerSince is present, a customer_since
// trigger (Unix time) is sent to a push-notification service"). config.json names the service's endpoint
// (PushServiceUrl); the trigger is POSTed there as JSON. With none configured, the command records the trigger in the
// log instead (PushTriggerRecorded), where support and the tests read it.
import type { ReportError } from './errorReporter';

export interface PushTrigger {
  /** The account the trigger is about. */
  readonly userId: string;
  readonly name: string;
  /** Unix time, seconds. */
  readonly value: number;
}

export interface PushNotifications {
  trigger(trigger: PushTrigger): void;
}

/**
 * The configured service: each trigger is one POST of `{userId, name, value}` to `endpoint`, sent without waiting
 * (nothing the shopper does depends on it); a failure is reported, never shown.
 */
export function httpPush(endpoint: string, fetchFn: typeof fetch, reportError: ReportError): PushNotifications {
  return {
    trigger(trigger) {
      void fetchFn(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(trigger) }).then(
        (response) => {
          if (!response.ok) reportError({ call: 'push', message: `HTTP ${response.status}` });
        },
        (error: unknown) => reportError({ call: 'push', message: error instanceof Error ? error.message : String(error) }),
      );
    },
  };
}

/** The customer_since trigger's value: the instant in Unix seconds, or null when it is not a date. */
export function customerSinceTrigger(customerSince: string): number | null {
  const at = Date.parse(customerSince);
  return Number.isFinite(at) ? Math.floor(at / 1000) : null;
}

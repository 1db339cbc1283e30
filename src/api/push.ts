// The push-notification service (account-and-session.md section 4: "When CustomerSince is present, a customer_since
// trigger (Unix time) is sent"). No service is configured by default: the embedded default keeps the triggers in
// memory, where the page's debug hook and the tests read them.

export interface PushTrigger {
  readonly name: string;
  /** Unix time, seconds. */
  readonly value: number;
}

export interface PushNotifications {
  trigger(name: string, value: number): void;
}

/** The embedded default: remembers every trigger, sends nothing anywhere. */
export function recordingPush(): PushNotifications & { readonly sent: readonly PushTrigger[] } {
  const sent: PushTrigger[] = [];
  return {
    sent,
    trigger: (name, value) => {
      sent.push({ name, value });
    },
  };
}

/** The customer_since trigger's value: the instant in Unix seconds, or null when it is not a date. */
export function customerSinceTrigger(customerSince: string): number | null {
  const at = Date.parse(customerSince);
  return Number.isFinite(at) ? Math.floor(at / 1000) : null;
}

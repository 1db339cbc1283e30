// The shopper's session log as a file, for support: "Download session log" in the footer. Personal data is
// redacted unless asked otherwise; tokens, codes and card data are never in the log to begin with.
import { exportLog } from '../../store/transfer';
import type { EventStore } from '../../store/eventStore';

export async function sessionLogText(store: EventStore, appVersion: string, redact: boolean, now: number): Promise<string> {
  const lines = await exportLog(store, { appVersion, createdAt: new Date(now).toISOString(), redact });
  return `${lines.join('\n')}\n`;
}

/** Saves the log through the browser's download, named by date so several logs do not overwrite each other. */
export async function downloadSessionLog(store: EventStore, appVersion: string, redact: boolean, now: number): Promise<void> {
  const text = await sessionLogText(store, appVersion, redact, now);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `countertop-session-${new Date(now).toISOString().replace(/[:.]/g, '-')}.ndjson`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

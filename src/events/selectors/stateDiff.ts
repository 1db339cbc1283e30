// What an event changed: the paths of the state whose values differ, with the value before and after. The state is
// plain immutable data that shares what did not change, so equal references end the walk early.

export interface Change {
  /** `bag.lines[0].quantity`, `checkout.guest` */
  readonly path: string;
  /** undefined when the path did not exist before (or after). */
  readonly before: unknown;
  readonly after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The changes from `before` to `after`, leaves first found first; at most `limit` (a catalog swap can be large). */
export function stateDiff(before: unknown, after: unknown, limit = 200): Change[] {
  const changes: Change[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (changes.length >= limit || Object.is(a, b)) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) walk(i < a.length ? a[i] : undefined, i < b.length ? b[i] : undefined, `${path}[${i}]`);
      return;
    }
    if (isRecord(a) && isRecord(b)) {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const key of keys) walk(a[key], b[key], path === '' ? key : `${path}.${key}`);
      return;
    }
    changes.push({ path: path === '' ? '(state)' : path, before: a, after: b });
  };
  walk(before, after, '');
  return changes;
}

/** A value as one short line for the diff view. */
export function showValue(value: unknown, max = 120): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

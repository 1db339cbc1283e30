// Misbehaviour on request, for tests and demos (set through the control surface): latency on every API call,
// failing the next N calls of a path, dropping the response of the next N calls of a path after they committed, and
// holding every call of a path until released (a request in flight for as long as a test needs, whatever the load).

export interface FailRule {
  times: number;
  status: number;
  /** The order-style body's 'prefix - CODE' lines; ["Sandbox - INJECTED_FAILURE"] when none are given. */
  readonly codes?: readonly string[];
}

export interface Faults {
  latencyMs: number;
  /** By exact path, e.g. /api/Order/Place. */
  readonly fail: Map<string, FailRule>;
  readonly drop: Map<string, number>;
  /** Paths whose calls wait until released, with the calls waiting. */
  readonly held: Map<string, Array<() => void>>;
}

export function noFaults(): Faults {
  return { latencyMs: 0, fail: new Map(), drop: new Map(), held: new Map() };
}

/** The injected failure for this call (its status and body's lines), if one is due (and counts it). */
export function takeFailure(faults: Faults, path: string): { readonly status: number; readonly codes: readonly string[] } | null {
  const rule = faults.fail.get(path);
  if (!rule || rule.times <= 0) return null;
  rule.times--;
  if (rule.times === 0) faults.fail.delete(path);
  return { status: rule.status, codes: rule.codes ?? ['Sandbox - INJECTED_FAILURE'] };
}

/** Whether this call's answer is to be dropped (and counts it). */
export function takeDrop(faults: Faults, path: string): boolean {
  const times = faults.drop.get(path) ?? 0;
  if (times <= 0) return false;
  if (times === 1) faults.drop.delete(path);
  else faults.drop.set(path, times - 1);
  return true;
}

/** Waits while this path is held (at once when it is not). */
export function waitWhileHeld(faults: Faults, path: string): Promise<void> | null {
  const waiting = faults.held.get(path);
  if (waiting === undefined) return null;
  return new Promise((resolve) => waiting.push(resolve));
}

/** Stops holding `path` (every path when omitted) and lets the waiting calls run, oldest first; answers how many. */
export function release(faults: Faults, path?: string): number {
  let released = 0;
  for (const [heldPath, waiting] of [...faults.held]) {
    if (path !== undefined && heldPath !== path) continue;
    faults.held.delete(heldPath);
    for (const resume of waiting) resume();
    released += waiting.length;
  }
  return released;
}

export function describeFaults(faults: Faults) {
  return {
    latencyMs: faults.latencyMs,
    fail: Object.fromEntries([...faults.fail].map(([path, rule]) => [path, { ...rule }])),
    drop: Object.fromEntries(faults.drop),
    held: Object.fromEntries([...faults.held].map(([path, waiting]) => [path, waiting.length])),
  };
}

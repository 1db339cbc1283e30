// Misbehaviour on request, for tests and demos (set through the control surface): latency on every API call,
// failing the next N calls of a path, and dropping the response of the next N calls of a path after they committed.

export interface FailRule {
  times: number;
  status: number;
}

export interface Faults {
  latencyMs: number;
  /** By exact path, e.g. /api/Order/Place. */
  readonly fail: Map<string, FailRule>;
  readonly drop: Map<string, number>;
}

export function noFaults(): Faults {
  return { latencyMs: 0, fail: new Map(), drop: new Map() };
}

/** The injected failure status for this call, if one is due (and counts it). */
export function takeFailure(faults: Faults, path: string): number | null {
  const rule = faults.fail.get(path);
  if (!rule || rule.times <= 0) return null;
  rule.times--;
  if (rule.times === 0) faults.fail.delete(path);
  return rule.status;
}

/** Whether this call's answer is to be dropped (and counts it). */
export function takeDrop(faults: Faults, path: string): boolean {
  const times = faults.drop.get(path) ?? 0;
  if (times <= 0) return false;
  if (times === 1) faults.drop.delete(path);
  else faults.drop.set(path, times - 1);
  return true;
}

export function describeFaults(faults: Faults) {
  return {
    latencyMs: faults.latencyMs,
    fail: Object.fromEntries([...faults.fail].map(([path, rule]) => [path, { ...rule }])),
    drop: Object.fromEntries(faults.drop),
  };
}

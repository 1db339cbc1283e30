// Benchmarks print figures; they assert nothing. `npm run bench` runs every tests/bench/*.bench.ts module
// (or those whose file name contains an argument: `npm run bench -- slots`).

export interface Figure {
  /** What was measured, e.g. "price a 50-line cart (median)". */
  readonly label: string;
  readonly value: number;
  readonly unit: 'ms' | 'events/s' | 'KB' | 'orders/s' | 'count' | 's' | 'x';
  /** The goal the issue names, e.g. "< 0.2"; printed beside the figure, never enforced. */
  readonly goal?: string;
}

export interface Benchmark {
  readonly name: string;
  readonly run: () => Promise<readonly Figure[]> | readonly Figure[];
}

export interface Timing {
  readonly median: number;
  readonly p95: number;
  readonly mean: number;
  readonly min: number;
  readonly samples: number;
}

/** Times `fn` (milliseconds per call) after a warm-up, so JIT and caches settle first. */
export function measure(fn: () => unknown, options: { iterations?: number; warmup?: number } = {}): Timing {
  const iterations = options.iterations ?? 200;
  const warmup = options.warmup ?? Math.min(50, iterations);
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

/** Same as `measure`, for asynchronous work. */
export async function measureAsync(fn: () => Promise<unknown>, options: { iterations?: number; warmup?: number } = {}): Promise<Timing> {
  const iterations = options.iterations ?? 50;
  const warmup = options.warmup ?? Math.min(5, iterations);
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

export function summarize(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return { median: at(0.5), p95: at(0.95), mean, min: sorted[0] ?? NaN, samples: sorted.length };
}

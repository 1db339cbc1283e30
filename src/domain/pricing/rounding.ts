// Exact integer arithmetic for percentages of money, so the bag preview and the charge agree to the cent on every
// machine (ordering.md section 9). Numbers stay plain on the common path; BigInt is used only when a product would
// leave the safe-integer range.

/** A non-negative rational num/den; `num` and `den` are safe integers unless `big` says otherwise. */
export interface Ratio {
  readonly num: number;
  readonly den: number;
  /** The exact parts when they do not fit in safe integers (very long decimal percentages). */
  readonly big: { readonly num: bigint; readonly den: bigint } | null;
}

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;
const percentCache = new Map<string, Ratio | null>();

function ratioOf(num: bigint, den: bigint): Ratio {
  const g = gcd(num, den);
  const n = g === 0n ? 0n : num / g;
  const d = g === 0n ? 1n : den / g;
  const max = BigInt(Number.MAX_SAFE_INTEGER);
  return n <= max && d <= max ? { num: Number(n), den: Number(d), big: null } : { num: Number(n), den: Number(d), big: { num: n, den: d } };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * A percentage written as a decimal ("8.875", "10", 12.5) as the exact fraction of 1 it stands for (8875/100000):
 * the catalog's strings are read digit by digit, never through floating point. Null when it is not a plain
 * non-negative decimal.
 */
export function percentRatio(percentage: string | number): Ratio | null {
  const text = typeof percentage === 'number' ? (Number.isFinite(percentage) && percentage >= 0 ? String(percentage) : '') : percentage.trim();
  const cached = percentCache.get(text);
  if (cached !== undefined) return cached;
  const match = DECIMAL.exec(text);
  let ratio: Ratio | null = null;
  if (match && (match[1] || match[2])) {
    const fraction = match[2] ?? '';
    ratio = ratioOf(BigInt((match[1] || '0') + fraction), 100n * 10n ** BigInt(fraction.length));
  }
  if (percentCache.size > 10_000) percentCache.clear();
  percentCache.set(text, ratio);
  return ratio;
}

/** r / (1 + r): the share of a tax-inclusive amount that is the tax (p / (100 + p) for a percentage p). */
export function insideRatio(rate: Ratio): Ratio {
  if (rate.big === null && Number.isSafeInteger(rate.den + rate.num)) return { num: rate.num, den: rate.den + rate.num, big: null };
  const num = rate.big?.num ?? BigInt(rate.num);
  const den = rate.big?.den ?? BigInt(rate.den);
  return ratioOf(num, den + num);
}

export type Rounding = 'down' | 'half-even';

/** amount x ratio, rounded down (discounts, tips) or to the nearest with ties to even (taxes, Square's US rule). */
export function applyRatio(amount: number, ratio: Ratio, rounding: Rounding): number {
  if (ratio.big === null) return mulDiv(amount, ratio.num, ratio.den, rounding);
  return bigMulDiv(BigInt(amount), ratio.big.num, ratio.big.den, rounding);
}

/** floor or half-even of a x b / c for non-negative safe integers a, b and positive c, exactly. */
function mulDiv(a: number, b: number, c: number, rounding: Rounding): number {
  const product = a * b;
  if (!Number.isSafeInteger(product)) return bigMulDiv(BigInt(a), BigInt(b), BigInt(c), rounding);
  let q = Math.floor(product / c);
  let r = product - q * c;
  // The float division can land one off on either side; the remainder tells.
  if (r < 0) {
    q -= 1;
    r += c;
  } else if (r >= c) {
    q += 1;
    r -= c;
  }
  if (rounding === 'half-even' && (2 * r > c || (2 * r === c && q % 2 === 1))) q += 1;
  return q;
}

function bigMulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): number {
  const product = a * b;
  let q = product / c;
  const r = product - q * c;
  if (rounding === 'half-even' && (2n * r > c || (2n * r === c && q % 2n === 1n))) q += 1n;
  return Number(q);
}

/**
 * Splits `total` over parts in proportion to their weights so the parts add up to exactly `total` (largest
 * remainder; ties go to the earliest part). Used to spread one order-level discount or tax over the lines it covers.
 */
export function spreadByWeight(total: number, weights: readonly number[]): number[] {
  const shares = new Array<number>(weights.length).fill(0);
  let sum = 0;
  for (const w of weights) sum += w;
  if (total === 0 || sum === 0) return shares;
  const remainders = new Array<number>(weights.length);
  let given = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i]!;
    const product = total * w;
    let q: number;
    let r: number;
    if (Number.isSafeInteger(product)) {
      q = Math.floor(product / sum);
      r = product - q * sum;
      if (r < 0) {
        q -= 1;
        r += sum;
      } else if (r >= sum) {
        q += 1;
        r -= sum;
      }
    } else {
      const p = BigInt(total) * BigInt(w);
      const bq = p / BigInt(sum);
      q = Number(bq);
      r = Number(p - bq * BigInt(sum));
    }
    shares[i] = q;
    remainders[i] = r;
    given += q;
  }
  let left = total - given;
  if (left > 0) {
    const order = weights.map((_, i) => i).sort((a, b) => remainders[b]! - remainders[a]! || a - b);
    for (let k = 0; left > 0; k++, left--) shares[order[k]!]! += 1;
  }
  return shares;
}

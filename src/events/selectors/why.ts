// The support console's 'why' (and `countertop replay --why`): each line's price (gross, its share of the discount,
// each tax's share, total) and how the totals add up; why Place Order was disabled; which rule last took lines out
// of the bag or lowered a quantity, and when; why the last order failed, and why its call did (the client fold's
// CallFailed). Pure: a state, the client state and the catalogs in, data out.
import { formatDiscount, formatMoney } from '../../domain/money';
import { taxShares, type TaxShare } from '../../domain/pricing/taxShares';
import type { ReduceContext } from '../context';
import type { CallFailure } from '../facts/client';
import type { State } from '../state';
import { bagView, removalMessage } from './bag';
import { callFailureWords } from './summary';
import { placeOrderReadiness, placementNotice } from './checkout';

export interface LineWhy {
  readonly key: string;
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly gross: number;
  readonly discount: number;
  readonly taxes: readonly TaxShare[];
  /** The additive taxes of the line (what the preview calls its tax). */
  readonly tax: number;
  readonly total: number;
}

export interface TotalsWhy {
  readonly subTotal: number;
  readonly discounts: number;
  readonly taxes: number;
  readonly tips: number;
  readonly grandTotal: number;
}

/** A rule that took lines out of the bag or lowered a quantity, with the event that did it. */
export interface DropWhy {
  readonly seq: number;
  readonly at: string;
  readonly rule: 'location' | 'stock' | 'catalog' | 'clamp';
  readonly text: string;
}

export interface Why {
  readonly currency: string;
  readonly lines: readonly LineWhy[];
  /** The preview's totals; null when the bag could not be priced (no location, or the problems below). */
  readonly totals: TotalsWhy | null;
  /** Σ line totals + tip = grand total, Σ gross = subtotal, Σ discounts, Σ taxes: each as the page shows them. */
  readonly addsUp: boolean;
  readonly discountName: string | null;
  readonly problems: readonly string[];
  readonly placeOrder: { readonly canPlace: boolean; readonly blockers: readonly string[] };
  readonly drops: readonly DropWhy[];
  readonly failure: {
    readonly at: string | null;
    readonly message: string;
    readonly codes: readonly string[];
    readonly shown: boolean;
    /** Why the order's call failed, in words ('the browser was offline'), when the log recorded it (CallFailed). */
    readonly cause?: string;
  } | null;
}

/** The calls that place or queue an order. */
const ORDER_CALL = /^(v2\/)?Order\/(Guest)?(Place|Queue|OrderStatus)$/;

/** What `explain` reads of the client fold (ClientState): the last failure of each call. */
export interface CallFailures {
  readonly failures?: Readonly<Record<string, CallFailure>>;
}

/** The last failure of an order call at or before `at` (the attempt's failure), from the client fold. */
function orderCallFailure(client: CallFailures | undefined, at: string | null): CallFailure | null {
  let last: CallFailure | null = null;
  for (const [call, failure] of Object.entries(client?.failures ?? {})) {
    if (!ORDER_CALL.test(call) || (at !== null && failure.at > at)) continue;
    if (last === null || failure.seq > last.seq) last = failure;
  }
  return last;
}

const DROP_RULE: Readonly<Record<'location' | 'stock' | 'catalog', string>> = {
  location: 'the location changed and does not sell them',
  stock: 'their stock ran out',
  catalog: 'the catalog no longer sells them',
};

export function explain(state: State, ctx: ReduceContext, client?: CallFailures): Why {
  const view = bagView(state, ctx);
  const location = view.location;
  const preview = view.preview;
  const lines: LineWhy[] = [];
  if (location && preview) {
    const lineTaxes = preview.lines.map((line) => location.items.get(line.itemId)?.taxes ?? []);
    const shares = taxShares(
      [...location.taxes.values()],
      lineTaxes,
      preview.lines.map((line) => line.grossSales - line.discount),
    );
    preview.lines.forEach((line, i) => {
      const shown = view.lines.find((l) => l.line.key === line.key);
      lines.push({
        key: line.key,
        name: shown ? `${shown.itemName}${shown.variationName && shown.variationName !== shown.itemName ? `, ${shown.variationName}` : ''}` : line.itemId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        gross: line.grossSales,
        discount: line.discount,
        taxes: shares[i]!,
        tax: line.tax,
        total: line.total,
      });
    });
  }
  const totals: TotalsWhy | null = preview
    ? { subTotal: preview.subTotal, discounts: preview.totalDiscounts, taxes: preview.totalTaxes, tips: preview.totalTips, grandTotal: preview.grandTotal }
    : null;
  const sum = (pick: (line: LineWhy) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const addsUp =
    totals !== null &&
    sum((l) => l.gross) === totals.subTotal &&
    sum((l) => l.discount) === totals.discounts &&
    sum((l) => l.tax) === totals.taxes &&
    sum((l) => l.total) + totals.tips === totals.grandTotal &&
    lines.every((l) => l.gross - l.discount + l.tax === l.total);
  const readiness = placeOrderReadiness(state, view);
  const drops: DropWhy[] = [];
  const { removal, clamp } = state.warnings;
  if (removal && removal.count > 0) {
    drops.push({
      seq: removal.seq,
      at: removal.at,
      rule: removal.reason,
      text: `${removal.count} line${removal.count === 1 ? '' : 's'} removed: ${DROP_RULE[removal.reason]} ('${removalMessage(removal)}')`,
    });
  }
  if (clamp) {
    for (const line of clamp.lines) {
      const name = view.lines.find((l) => l.line.key === line.key)?.itemName ?? line.key;
      drops.push({ seq: clamp.seq, at: clamp.at, rule: 'clamp', text: `${name}: quantity lowered from ${line.from} to ${line.to} to match the stock left` });
    }
  }
  const placement = state.placement;
  const failure =
    placement.status === 'failed'
      ? {
          at: placement.at,
          message: placement.message ?? '',
          codes: placement.codes,
          shown: placementNotice(state) !== null,
          ...((failed) => (failed ? { cause: callFailureWords(failed) } : {}))(orderCallFailure(client, placement.at)),
        }
      : null;
  return {
    currency: view.currency,
    lines,
    totals,
    addsUp,
    discountName: preview?.appliedDiscount?.name ?? null,
    problems: view.problems,
    placeOrder: { canPlace: readiness.canPlace, blockers: readiness.messages },
    drops: drops.sort((a, b) => a.seq - b.seq),
    failure,
  };
}

/** The same answers as text lines (`countertop replay --why`); money in the location's currency, en-US. */
export function whyLines(why: Why): string[] {
  const money = (amount: number) => formatMoney(amount, why.currency);
  const out: string[] = [];
  out.push('Lines:');
  if (why.lines.length === 0) out.push('  (the bag is empty)');
  for (const line of why.lines) {
    const taxes = line.taxes.map((t) => `${t.name} ${money(t.amount)}${t.inclusive ? ' (included)' : ''}`).join(', ');
    out.push(
      `  ${line.quantity} x ${line.name}: gross ${money(line.gross)} (${line.quantity} x ${money(line.unitPrice)}), discount ${formatDiscount(line.discount, why.currency)}, tax ${money(line.tax)}${taxes ? ` [${taxes}]` : ''}, total ${money(line.total)}`,
    );
  }
  if (why.totals) {
    const t = why.totals;
    out.push(
      `Totals: subtotal ${money(t.subTotal)} - discount ${money(t.discounts)}${why.discountName ? ` (${why.discountName})` : ''} + tax ${money(t.taxes)} + tip ${money(t.tips)} = ${money(t.grandTotal)}`,
    );
    out.push(`The lines add up to the totals: ${why.addsUp ? 'yes' : 'NO'}`);
  } else out.push('Totals: not priced');
  for (const problem of why.problems) out.push(`Pricing problem: ${problem}`);
  out.push(`Place Order: ${why.placeOrder.canPlace ? 'enabled' : `disabled because: ${why.placeOrder.blockers.join(' ')}`}`);
  if (why.drops.length === 0) out.push('Lines dropped or lowered: none');
  for (const drop of why.drops) out.push(`Dropped or lowered at #${drop.seq} (${drop.at}): ${drop.text}`);
  if (why.failure) {
    out.push(
      `Order failed${why.failure.at ? ` at ${why.failure.at}` : ''}: codes ${why.failure.codes.join(', ') || '-'}; the shopper read '${why.failure.message}'${why.failure.shown ? '' : ' (no longer shown: the bag changed since)'}${why.failure.cause ? `; the call: ${why.failure.cause}` : ''}`,
    );
  } else out.push('Order failure: none');
  return out;
}

// `countertop replay LOG [--at ISO-INSTANT | --at N] [--steps] [--json] [--why]`: what a shopper's bag was and why,
// from an exported log, through the storefront's own reducers. Reads the file as a stream (an event number reads it
// whole, as the support console does); output never depends on TZ or locale. `--why` adds the support console's
// answers: each line's price, how the totals add up, Place Order's blockers, drops and clamps, the failure.
import { CANCEL_REASONS, STAGE_LABELS } from '../../src/events/selectors/progress';
import { closeSync, createReadStream, fstatSync, openSync } from 'node:fs';
import type { Command } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import { FULFILLMENT_LABELS } from '../../src/domain/fulfillment';
import { formatDiscount, formatMoney } from '../../src/domain/money';
import { formatInstantShort } from '../../src/domain/time/formatInstant';
import type { DomainEvent } from '../../src/events/catalogue';
import { currentLocation, type ReduceContext } from '../../src/events/context';
import { bagView, bagWarnings, itemCount, type Warning } from '../../src/events/selectors/bag';
import { placeOrderReadiness, selectedCard } from '../../src/events/selectors/checkout';
import { currentQuote, deliveryFees } from '../../src/events/selectors/delivery';
import { chargedTotal } from '../../src/domain/delivery/charges';
import { pickupMoveWarning } from '../../src/events/selectors/pickupMove';
import type { State } from '../../src/events/state';
import { explain, whyLines } from '../../src/events/selectors/why';
import { momentAtEvent } from '../../src/store/regression';
import { replayText } from '../../src/store/replay';
import { fail, print, readText, stableJson } from '../io';
import { replaySource, type ShareOptions } from './replayShare';

/**
 * The file's text in large pieces, read as a stream so a log of any size is replayed without being held whole. A file
 * that cannot be opened, or a folder, is left to readText, which says so in the words every command uses.
 */
function fileText(path: string): AsyncIterable<string> | Iterable<string> {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    if (!fstatSync(fd).isDirectory()) return createReadStream(path, { fd, encoding: 'utf8', highWaterMark: 1 << 20 });
  } catch {
    // Said by readText below.
  }
  if (fd !== undefined) closeSync(fd);
  return [readText(path)];
}

function parseInstant(text: string): number {
  const time = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(time)) fail(`--at: expected an ISO-8601 instant like 2026-11-18T17:03:00Z, got "${text}"`, 2);
  return time;
}

/** One line per event: time, event, item count, total, and the warning it raised. */
function stepLine(event: DomainEvent, state: State, ctx: ReduceContext): string {
  const view = bagView(state, ctx);
  const total = view.preview ? formatMoney(view.preview.grandTotal, view.currency) : '-';
  const warnings = allWarnings(state, ctx)
    .filter((w) => w.seq === event.seq)
    .map((w) => w.message);
  const failure = event.type === 'OrderPlacementFailed' ? event.data.message : '';
  const note = [...warnings, failure].filter(Boolean).join(' | ');
  return `#${String(event.seq).padEnd(6)} ${event.at.padEnd(24)} ${event.type.padEnd(24)} items=${String(itemCount(state)).padEnd(3)} total=${total.padEnd(10)}${note ? ` ${note}` : ''}`;
}

function allWarnings(state: State, ctx: ReduceContext): Warning[] {
  const moved = pickupMoveWarning(state, ctx);
  return [...bagWarnings(state), ...(moved ? [moved] : [])].sort((a, b) => a.seq - b.seq);
}

/**
 * A delivery's fees and what the shopper pays with them, after the bag's totals (fees come after taxes and tip and are
 * neither taxed nor discounted); the quoted time, or why this location does not deliver there. Nothing for other types.
 */
export function deliveryLines(state: State, grandTotal: number | null, currency: string, zone: string): string[] {
  if (state.checkout.fulfillmentType !== 'DELIVERY') return [];
  const quote = currentQuote(state);
  if (quote === null) return ['Delivery: not quoted yet'];
  if (!quote.available)
    return [`Delivery: this location does not deliver there${quote.deliveringIds.length > 0 ? ` (${quote.deliveringIds.join(', ')} do)` : ''}`];
  const fees = deliveryFees(state);
  const lines = [
    `Delivery fee ${formatMoney(quote.deliveryFee, currency)}; Service fee ${formatMoney(quote.serviceFee, currency)}; delivered ${formatInstantShort(quote.deliverAt, zone)}`,
  ];
  if (grandTotal !== null) lines.push(`To pay ${formatMoney(chargedTotal(grandTotal, fees), currency)}`);
  return lines;
}

/** What --json prints, at an event or at the end: the state, the bag's view and, with --why, the explanations. */
function replayJson(state: State, context: ReduceContext, why: boolean): string {
  const view = bagView(state, context);
  return stableJson({
    state,
    view: { itemCount: view.itemCount, preview: view.preview, warnings: allWarnings(state, context) },
    ...(why ? { why: explain(state, context) } : {}),
  });
}

function describe(state: State, ctx: ReduceContext): string[] {
  const out: string[] = [];
  const location = currentLocation(state, ctx);
  const zone = location?.location.Timezone ?? 'UTC';
  const view = bagView(state, ctx);
  const currency = view.currency;
  out.push(`Location: ${location ? `${location.location.Name} (${location.location.Id}, ${zone})` : 'none chosen'}`);
  out.push(
    `Signed in: ${state.account.profile ? `${state.account.profile.firstName} ${state.account.profile.lastName} (${state.account.profile.userId}), ${state.account.verified ? 'verified' : 'not verified'}` : 'no (guest)'}`,
  );
  out.push(`Bag: ${itemCount(state)} items, idempotency key ${state.bag.idempotencyKey || '-'}`);
  for (const line of view.lines) {
    const price = line.priced ? formatMoney(line.priced.grossSales, currency) : '(not priced)';
    const extras = line.modifierNames.length > 0 ? ` [${line.modifierNames.join(', ')}]` : '';
    const note = line.line.note ? ` "${line.line.note}"` : '';
    const stock = Number.isFinite(line.stock) ? ` (stock ${line.stock})` : '';
    out.push(`  ${line.line.quantity} x ${line.itemName}, ${line.variationName}${extras}${note}  ${price}${stock}`);
  }
  const discount = state.bag.discount;
  if (discount) out.push(`  ${discount.kind === 'coupon' ? `Coupon ${discount.coupon.Name}` : `Reward ${discount.reward.Name}`}`);
  if (view.preview) {
    const p = view.preview;
    out.push(
      `Subtotal ${formatMoney(p.subTotal, currency)}; Discount ${formatDiscount(p.totalDiscounts, currency)}; Tax ${formatMoney(p.totalTaxes, currency)}; Tip ${formatMoney(p.totalTips, currency)}; Total ${formatMoney(p.grandTotal, currency)}`,
    );
  }
  out.push(...deliveryLines(state, view.preview?.grandTotal ?? null, currency, zone));
  for (const problem of view.problems) out.push(`  pricing problem: ${problem}`);
  const checkout = state.checkout;
  const fulfillment = checkout.fulfillmentType;
  const settings =
    fulfillment === 'CURBSIDE' && checkout.vehicle
      ? ` (${checkout.vehicle.color} ${checkout.vehicle.make} ${checkout.vehicle.model})`
      : fulfillment === 'DINEIN'
        ? ` (table note "${checkout.dineIn.note}")`
        : fulfillment === 'PICKUP' && checkout.pickupNotes
          ? ` (notes "${checkout.pickupNotes}")`
          : '';
  out.push(`Fulfillment: ${fulfillment ? FULFILLMENT_LABELS[fulfillment] : 'not chosen'}${settings}`);
  const choice = state.pickup.choice;
  const when = choice === null ? 'not chosen' : choice.time === 'ASAP' ? `ASAP on ${choice.date}` : `${formatInstantShort(choice.time, zone)} (${choice.time})`;
  out.push(`Pickup: ${when}${state.pickup.userSelected ? ', chosen by the shopper' : ''}${state.pickup.mustConfirmDate ? ', must confirm date' : ''}`);
  out.push(`Guest: ${checkout.guest ? `${checkout.guest.firstName} ${checkout.guest.lastName}, ${checkout.guest.email}, ${checkout.guest.phone}` : 'none'}`);
  const card = selectedCard(state);
  out.push(`Card: ${card ? `${card.brand} ending ${card.last4}${card.saved ? ' (saved)' : ''}` : 'none selected'}`);
  const readiness = placeOrderReadiness(state, view);
  out.push(`Place Order: ${readiness.canPlace ? 'enabled' : `disabled (${readiness.messages.join(' ')})`}`);
  const placement = state.placement;
  if (placement.status === 'failed')
    out.push(`Last attempt failed at ${placement.at}: ${placement.message} [${placement.codes.join(', ')}] (key ${placement.idempotencyKey})`);
  if (placement.status === 'pending') out.push(`Order placement in flight since ${placement.at} (key ${placement.idempotencyKey})`);
  const last = state.orders.history[0];
  if (last)
    out.push(
      `Last order: ${last.orderId} placed ${last.placedAt}${last.order ? `, total ${formatMoney(last.order.GrandTotal, currency)}` : ''} (${state.orders.history.length} in history)`,
    );
  const progress = last ? state.orders.progress[last.orderId] : undefined;
  if (progress)
    out.push(
      `Last order's progress: ${progress.steps.map((step) => `${STAGE_LABELS[step.stage]} ${formatInstantShort(step.at, zone)}`).join(', ')}` +
        `${progress.reason ? ` (${CANCEL_REASONS[progress.reason]})` : ''}${progress.estimate ? `; expected ${formatInstantShort(progress.estimate, zone)}` : ''}`,
    );
  for (const warning of allWarnings(state, ctx)) out.push(`Warning (#${warning.seq}, ${warning.at}): ${warning.message}`);
  const skipped = Object.entries(state.log.skipped);
  if (skipped.length > 0) out.push(`Skipped events: ${skipped.map(([type, n]) => `${type} x${n}`).join(', ')}`);
  if (state.log.ignored > 0) out.push(`Events the rules ignored: ${state.log.ignored}`);
  return out;
}

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .argument('[log]', 'an exported session log (NDJSON); none with --share')
    .description('replay a session log through the storefront reducers: the bag, totals, fulfillment, pickup time, last order or failure, warnings')
    .option('--at <instant>', 'the state at this moment (an ISO instant), or after this event (its number, #N in --steps), instead of the end')
    .option('--steps', 'one line per event: time, event, item count, total, warning')
    .option('--json', 'print the state (and its bag view) as stable JSON')
    .option('--why', "each line's price, how the totals add up, why Place Order was disabled, what dropped lines, why an order failed")
    .option('--share <code>', 'a shared visit, read from the support inbox by its code')
    .option('--token <token>', 'a staff token for --share (default COUNTERTOP_SUPPORT_TOKEN)')
    .option('--inbox <url>', 'the support inbox for --share (default COUNTERTOP_INBOX_URL, else http://localhost:5173)')
    .action(async (file: string | undefined, options: ShareOptions & { at?: string; steps?: boolean; json?: boolean; why?: boolean }) => {
      const source = await replaySource(file, options);
      const log = source.name;
      if (options.at !== undefined && /^\d+$/.test(options.at)) {
        // An event number: the same seekable replay the support console uses.
        const seq = Number(options.at);
        let found;
        try {
          found = await momentAtEvent(source.text ?? readText(log), seq);
        } catch (error) {
          fail(`${log}: ${(error as Error).message}`);
        }
        const { state } = found.moment;
        const context = found.log.context;
        if (options.json) return print(replayJson(state, context, options.why === true));
        print(`${log}: state after event #${seq} at ${state.log.lastAt ?? '-'} (written by ${found.log.header.appVersion})`);
        for (const line of describe(state, context)) print(line);
        if (options.why) for (const line of whyLines(explain(state, context, found.moment.client))) print(line);
        return;
      }
      const until = options.at === undefined ? undefined : parseInstant(options.at);
      let ctxRef: ReduceContext | undefined;
      const steps: string[] = [];
      const result = await replayText(source.text !== undefined ? [source.text] : fileText(log), {
        ...(until === undefined ? {} : { until }),
        ...(options.steps ? { onEvent: (event: DomainEvent, state: State) => steps.push(stepLine(event, state, ctxRef!)) } : {}),
        ...(options.steps ? { onContext: (ctx: ReduceContext) => (ctxRef = ctx) } : {}),
      });
      if (E.isLeft(result)) fail(`${log}: ${result.left}`);
      const { state, context, header, eventsRead } = result.right;
      if (options.json) return print(replayJson(state, context, options.why === true));
      if (options.steps) for (const line of steps) print(line);
      print(`${log}: ${eventsRead} events (written by ${header.appVersion} at ${header.createdAt}${header.redacted ? ', redacted' : ''})`);
      print(
        `State after event #${state.log.lastSeq}${state.log.lastAt ? ` at ${state.log.lastAt}` : ''}${until !== undefined ? ` (--at ${new Date(until).toISOString()})` : ''}`,
      );
      for (const line of describe(state, context)) print(line);
      if (options.why) for (const line of whyLines(explain(state, context))) print(line);
    });
}

// `countertop price --catalog FILE --location ID --cart FILE [--tip N] [--json]`: the preview the storefront shows
// and the sandbox charges, for a cart file.
import type { Command } from 'commander';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import type { CartLine } from '../../src/domain/cart/cartLine';
import { decode, opt } from '../../src/domain/codec';
import { CouponCodec, RewardCodec, couponDiscount, rewardDiscount } from '../../src/domain/discounts/codecs';
import { formatDiscount, formatMoney, parseMoneyInput } from '../../src/domain/money';
import { choicesOf } from '../../src/domain/items/modifierRules';
import { describeDiscount } from '../../src/domain/pricing/describeDiscount';
import { priceCart } from '../../src/domain/pricing/priceCart';
import { maximumTip, tipExceedsMaximum, tippingEnabled } from '../../src/domain/tip';
import { CliError, fail, locationOf, print, readCatalog, readJson, stableJson, warn } from '../io';

export const CartFileCodec = t.intersection([
  t.type({
    items: t.array(
      t.intersection([
        t.type({ itemId: t.string, variationId: t.string, quantity: t.number }),
        t.partial({ key: opt(t.string), modifiers: opt(t.record(t.string, t.array(t.string))), note: opt(t.string) }),
      ]),
    ),
  }),
  t.partial({ coupon: opt(CouponCodec), reward: opt(RewardCodec), tipAmount: opt(t.number) }),
]);

export function registerPrice(program: Command): void {
  program
    .command('price')
    .description('price a cart file at a location: subTotal, discounts, taxes, tip, grandTotal')
    .requiredOption('--catalog <file>', 'catalog JSON')
    .requiredOption('--location <id>', 'location id')
    .requiredOption('--cart <file>', 'cart JSON: {"items":[{"itemId","variationId","quantity","modifiers"?,"note"?}],"coupon"?,"reward"?,"tipAmount"?}')
    .option('--tip <amount>', "tip in the location currency, e.g. 2.50 (overrides the cart file's tipAmount, which is in minor units)")
    .option('--json', 'print the preview as JSON')
    .action((options: { catalog: string; location: string; cart: string; tip?: string; json?: boolean }) => {
      const index = readCatalog(options.catalog);
      const location = locationOf(index, options.location, options.catalog);
      const cart = decode(CartFileCodec, readJson(options.cart));
      if (E.isLeft(cart)) throw new CliError(cart.left.map((line) => `${options.cart}: ${line}`));
      const { items, coupon, reward } = cart.right;
      if (coupon && reward) fail(`${options.cart}: an order carries at most one discount: give a coupon or a reward, not both`);
      let tipAmount = cart.right.tipAmount ?? 0;
      if (options.tip !== undefined) {
        const parsed = parseMoneyInput(options.tip);
        if (parsed === null) fail(`--tip: expected an amount like 2.50, got "${options.tip}"`, 2);
        tipAmount = parsed;
      }
      const lines: CartLine[] = items.map((item, i) => ({
        key: item.key ?? `line-${i + 1}`,
        itemId: item.itemId,
        variationId: item.variationId,
        quantity: item.quantity,
        modifiers: item.modifiers ?? {},
        note: item.note ?? '',
      }));
      const discount = coupon ? couponDiscount(coupon) : reward ? rewardDiscount(reward) : null;
      const result = priceCart(location, lines, { discount, tipAmount });
      if (E.isLeft(result)) throw new CliError(result.left.map((line) => `${options.cart}: ${line}`));
      const preview = result.right;
      const currency = location.currency;
      if (tipAmount > 0 && (!tippingEnabled(location.location) || tipExceedsMaximum(tipAmount, location.location, preview))) {
        const why = tippingEnabled(location.location)
          ? `Tip Amount must not exceed ${formatMoney(maximumTip(location.location, preview), currency)}`
          : 'this location does not take tips';
        warn(`warning: ${why}; the storefront would reset this tip to 0`);
      }
      if (options.json) {
        print(stableJson(preview));
        return;
      }
      print(`${location.location.Name} (${location.location.Id}), ${currency}`);
      for (const line of preview.lines) {
        const entry = location.variations.get(line.variationId)!;
        const picked = lines.find((l) => l.key === line.key)?.modifiers ?? {};
        const chosen = entry.item.modifierLists.flatMap((list) =>
          list.modifiers.filter((m) => choicesOf(picked, list.list.Id).includes(m.Id)).map((m) => m.Name),
        );
        const label = `${line.quantity} x ${entry.item.item.Name}, ${entry.variation.Name}${chosen.length > 0 ? ` [${chosen.join(', ')}]` : ''}`;
        print(`  ${label.padEnd(60)} ${formatMoney(line.grossSales, currency).padStart(10)}`);
        const notes = [
          line.discount > 0 ? `discount ${formatDiscount(line.discount, currency)}` : '',
          line.tax > 0 ? `tax ${formatMoney(line.tax, currency)}` : '',
          line.inclusiveTax > 0 ? `includes tax ${formatMoney(line.inclusiveTax, currency)}` : '',
        ].filter(Boolean);
        if (notes.length > 0) print(`      ${notes.join(', ')}`);
      }
      if (discount) print(`  ${discount.kind === 'coupon' ? 'Coupon' : 'Reward'}: ${discount.Name} (${describeDiscount(discount, currency)})`);
      const row = (label: string, text: string) => print(`${label.padEnd(64)} ${text.padStart(10)}`);
      row('Subtotal', formatMoney(preview.subTotal, currency));
      if (preview.totalDiscounts > 0) row('Discount', formatDiscount(preview.totalDiscounts, currency));
      row('Tax', formatMoney(preview.totalTaxes, currency));
      if (preview.totalInclusiveTaxes > 0) row('  (included in prices)', formatMoney(preview.totalInclusiveTaxes, currency));
      if (preview.totalTips > 0) row('Tip', formatMoney(preview.totalTips, currency));
      row('Total', formatMoney(preview.grandTotal, currency));
    });
}

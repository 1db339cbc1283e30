// `countertop catalog validate FILE` and `countertop catalog show FILE [--location ID]`.
import type { Command } from 'commander';
import type { CatalogIndex, LocationCatalog } from '../../src/domain/catalog/catalogIndex';
import { FULFILLMENT_LABELS, offeredFulfillments } from '../../src/domain/fulfillment';
import { modifierListRule } from '../../src/domain/items/modifierRules';
import { priceRange } from '../../src/domain/items/priceRange';
import { formatMoney } from '../../src/domain/money';
import { prepTimeMillis } from '../../src/domain/time/duration';
import { weeklyHours } from '../../src/domain/time/hoursDisplay';
import { maximumTipPercentage, tipEditable, tipPercentages, tippingEnabled } from '../../src/domain/tip';
import { locationOf, print, readCatalog } from '../io';

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function catalogSummary(catalog: CatalogIndex): string {
  const locations = [...catalog.byLocation.values()];
  const categories = new Set(locations.flatMap((l) => l.categories.map((c) => c.Id))).size;
  const items = new Set(locations.flatMap((l) => [...l.items.keys()])).size;
  const variations = new Set(locations.flatMap((l) => [...l.variations.keys()])).size;
  return `valid catalog "${catalog.catalog.Name}": ${count(locations.length, 'location')}, ${count(categories, 'category', 'categories')}, ${count(items, 'item')}, ${count(variations, 'variation')}`;
}

function priceText(min: number, max: number, currency: string): string {
  return min === max ? formatMoney(min, currency) : `${formatMoney(min, currency)} - ${formatMoney(max, currency)}`;
}

function showLocation(catalog: CatalogIndex, location: LocationCatalog): void {
  const l = location.location;
  const currency = location.currency;
  print(`Location ${l.Id}: ${l.Name}`);
  print(`  Time zone ${l.Timezone}, currency ${currency}`);
  print(`  Address: ${[l.Address.AddressLine1, l.Address.Locality, l.Address.AdministrativeDistrictLevel1, l.Address.PostalCode].filter(Boolean).join(', ')}`);
  print('  Hours:');
  for (const day of weeklyHours(l)) print(`    ${day.dayName.padEnd(10)} ${day.label}`);
  const tipping = tippingEnabled(l)
    ? `${tipPercentages(l)
        .map((p) => `${p}%`)
        .join(', ')}, None (maximum ${maximumTipPercentage(l)}%${tipEditable(l) ? ', custom amounts' : ''})`
    : 'not offered';
  print(
    `  Prep time ${Math.round(prepTimeMillis(l) / 60000)} min; ASAP ${l.ShowAsSoonAsPossibleOrders === false ? 'no' : 'yes'}; scheduled ${l.ShowScheduledOrders === false ? 'no' : 'yes'}${l.QueueOrders ? '; orders queued' : ''}`,
  );
  print(
    `  Fulfillment: ${offeredFulfillments(l)
      .map((t) => FULFILLMENT_LABELS[t])
      .join(', ')}`,
  );
  print(`  Tipping: ${tipping}`);
  print(`  Taxes: ${(l.Taxes ?? []).map((t) => `${t.Name} ${t.Percentage}% (${t.CalculationPhase}, ${t.InclusionType})`).join('; ') || 'none'}`);
  print(`  Categories (${catalog.catalog.SortByOrdinal ? 'by Ordinal' : 'by name'}):`);
  for (const category of location.categories) {
    print(`    ${category.Name}${category.Items.length === 0 ? ' (no items: not shown)' : ''}`);
    for (const item of category.Items) {
      const range = priceRange(item);
      print(`      ${item.Name}  ${priceText(range.min, range.max, currency)}${item.SkipModifierScreen ? '  (added directly)' : ''}`);
      const indexed = location.items.get(item.Id);
      if (indexed && indexed.variations.length > 1)
        print(`        Variations: ${indexed.variations.map((v) => `${v.Name} ${formatMoney(v.Price, currency)}`).join(', ')}`);
      for (const list of indexed?.modifierLists ?? []) {
        const rule = modifierListRule(list);
        const limits = rule.min === rule.max ? `choose ${rule.min}` : `choose ${rule.min} to ${rule.max}`;
        const options = list.modifiers.map((m) => {
          const flags = [
            m.Price > 0 ? `+${formatMoney(m.Price, currency)}` : '',
            m.OnByDefault ? 'default' : '',
            (m.QuantityAvailable ?? 1) <= 0 ? 'out of stock' : '',
          ].filter(Boolean);
          return flags.length > 0 ? `${m.Name} (${flags.join(', ')})` : m.Name;
        });
        print(`        ${list.list.Name}${rule.required ? '*' : ''} [${limits}, ${rule.control}]: ${options.join(', ')}`);
      }
    }
  }
}

export function registerCatalog(program: Command): void {
  const catalog = program.command('catalog').description('validate and inspect catalog files');
  catalog
    .command('validate')
    .argument('<file>', "catalog JSON (the API's /api/Catalog answer)")
    .description('exit 0 with a summary, or 1 with one line per problem')
    .action((file: string) => {
      print(`${file}: ${catalogSummary(readCatalog(file))}`);
    });
  catalog
    .command('show')
    .argument('<file>', 'catalog JSON')
    .option('--location <id>', 'only this location')
    .description('locations, categories in sort order, items with prices or ranges, modifier rules, hours')
    .action((file: string, options: { location?: string }) => {
      const index = readCatalog(file);
      print(`${index.catalog.Name}: ${count(index.locations.length, 'location')}`);
      const locations = options.location ? [locationOf(index, options.location, file)] : [...index.byLocation.values()];
      for (const location of locations) {
        print();
        showLocation(index, location);
      }
    });
}

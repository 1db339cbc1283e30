// `countertop check [--runs N] [--seed S] [--catalog FILE]`: the rule properties (pricing, discounts, tip, slots,
// modifier rules, locations, the event log) against the fixture catalogs or the one given.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import { eventLogProperties } from '../properties/eventLog';
import { locationProperties } from '../properties/locations';
import { modifierProperties } from '../properties/modifiers';
import { pricingProperties } from '../properties/pricing';
import type { RuleProperty } from '../properties/ruleProperty';
import { slotProperties } from '../properties/slots';
import { tipProperties } from '../properties/tip';
import { fail, print, readCatalog } from '../io';

export const ALL_PROPERTIES: readonly (readonly [string, readonly RuleProperty[]])[] = [
  ['pricing and discounts', pricingProperties],
  ['tip', tipProperties],
  ['pickup slots', slotProperties],
  ['modifier rules and stock', modifierProperties],
  ['locations', locationProperties],
  ['event log', eventLogProperties],
];

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

export function fixtureCatalogFiles(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.seed.json') && f !== 'config.json')
    .sort()
    .map((f) => `${FIXTURES}${f}`);
}

function parseCount(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) fail(`${flag}: expected a positive whole number, got "${text}"`, 2);
  return n;
}

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('run the rule properties; prints each with its result, and the counterexample and seed on failure')
    .option('--runs <n>', 'runs per property', '100')
    .option('--seed <s>', 'seed, to reproduce a failure')
    .option('--catalog <file>', 'check against this catalog instead of the fixtures')
    .action((options: { runs: string; seed?: string; catalog?: string }) => {
      const numRuns = parseCount(options.runs, '--runs');
      const seed = options.seed === undefined ? undefined : Number(options.seed);
      if (seed !== undefined && !Number.isSafeInteger(seed)) fail(`--seed: expected a whole number, got "${options.seed}"`, 2);
      const files = options.catalog ? [options.catalog] : fixtureCatalogFiles();
      const catalogs: CatalogIndex[] = files.map(readCatalog);
      print(
        `Checking ${ALL_PROPERTIES.reduce((n, [, list]) => n + list.length, 0)} properties against ${files.length === 1 ? files[0] : `${files.length} fixture catalogs`}, ${numRuns} runs each`,
      );
      let failures = 0;
      for (const [group, properties] of ALL_PROPERTIES) {
        print(`\n${group}`);
        for (const property of properties) {
          const outcome = property.check(catalogs, { numRuns, seed });
          if (outcome.ok) {
            print(`  ok    ${property.name}`);
            continue;
          }
          failures++;
          print(`  FAIL  ${property.name}`);
          if (outcome.error) print(`        ${outcome.error.split('\n')[0]}`);
          print(`        counterexample: ${outcome.counterexample ?? '(none)'}`);
          print(`        reproduce: --seed ${outcome.seed}${outcome.path ? ` (path ${outcome.path})` : ''}`);
        }
      }
      print(failures === 0 ? '\nAll properties hold.' : `\n${failures} ${failures === 1 ? 'property fails' : 'properties fail'}.`);
      if (failures > 0) process.exitCode = 1;
    });
}

// `countertop lookup zip CODE` and `countertop lookup phone TEXT [--country CC]`.
import type { Command } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import { lookupPhone } from '../../src/domain/phone';
import { loadZipTable } from '../../src/domain/postal/loadZipTable';
import { normalizePostalCode, stateForPostalCode } from '../../src/domain/postal/zipLookup';
import { fail, print } from '../io';

export function registerLookup(program: Command): void {
  const lookup = program.command('lookup').description('postal code to state, phone number formatting');
  lookup
    .command('zip')
    .argument('<code>', 'five-digit ZIP code (ZIP+4 accepted)')
    .description('print the state abbreviation for a ZIP code')
    .action(async (code: string) => {
      const normalized = normalizePostalCode(code);
      if (normalized === undefined) fail(`"${code}" is not a ZIP code: expected five digits`);
      const state = stateForPostalCode(await loadZipTable(), normalized);
      if (state === undefined) fail(`no state is known for ZIP code ${normalized}`);
      print(state);
    });
  lookup
    .command('phone')
    .argument('<text>', 'phone number as typed')
    .option('--country <cc>', 'two-letter country code', 'US')
    .description('print the national format, or the validation message')
    .action((text: string, options: { country: string }) => {
      const result = lookupPhone(text, options.country.toUpperCase());
      if (E.isLeft(result)) fail(result.left);
      print(result.right);
    });
}

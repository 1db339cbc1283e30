// `countertop headers --build DIR [--config FILE] [--https]`: the headers a host sends with the built page (README,
// "Content Security Policy"), one `Name: value` a line: the Content-Security-Policy the build's script inventory and
// config.json make, where violation reports go, and the headers every answer carries. A host serving the build
// elsewhere (a CDN, nginx) sends these with index.html, at every address the app routes.
import * as E from 'fp-ts/lib/Either.js';
import type { Command } from 'commander';
import { decode } from '../../src/domain/codec';
import { ConfigCodec } from '../../src/domain/config';
import { readInventory } from '../../src/sandbox/builtStorefront';
import { pageHeaders, RESOURCE_POLICY, WORKER_SCRIPT_PATH, workerHeaders } from '../../src/sandbox/pagePolicy';
import { fail, print, readJson } from '../io';

interface HeadersOptions {
  readonly build: string;
  readonly config?: string;
  readonly https?: boolean;
}

export function registerHeaders(program: Command): void {
  program
    .command('headers')
    .description('print the headers a host sends with the built page: its Content-Security-Policy and the rest')
    .requiredOption('--build <dir>', 'the built storefront (dist/), with its script-inventory.json')
    .option('--config <file>', "the storefront's config.json (its API, hub, map tiles, error reporting and card provider)")
    .option('--https', 'served over TLS: adds Strict-Transport-Security')
    .action((options: HeadersOptions) => headers(options));
}

function headers(options: HeadersOptions): void {
  const inventory = readInventory(options.build);
  if (E.isLeft(inventory)) fail(`--build: ${inventory.left}`);
  let config = {};
  if (options.config !== undefined) {
    const decoded = decode(ConfigCodec, readJson(options.config));
    if (E.isLeft(decoded)) fail(`${options.config}: ${decoded.left.join('; ')}`);
    config = decoded.right;
  }
  for (const [name, value] of Object.entries(pageHeaders(inventory.right, config, { tls: options.https === true }))) print(`${name}: ${value}`);
  print();
  print(`# With the offline worker's script, ${WORKER_SCRIPT_PATH} (its own policy; never cached):`);
  for (const [name, value] of Object.entries(workerHeaders(config, { tls: options.https === true }))) print(`# ${name}: ${value}`);
  print();
  print('# Every other answer (the API, pictures, scripts) may carry:');
  print(`# Content-Security-Policy: ${RESOURCE_POLICY}`);
}

// `countertop serve --build DIR`: the storefront built in DIR, served beside the sandbox as a host serves it (see
// src/sandbox/builtStorefront.ts): the page with its Content-Security-Policy, the offline worker's script with its own, the hashed assets, the headers every
// answer carries, and the support inbox, which records the policy's violation reports (POST /inbox/csp-reports).
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as E from 'fp-ts/lib/Either.js';
import { lazyInbox } from '../../src/inbox/lazyInbox';
import { DEFAULT_INBOX_DIR } from '../../src/inbox/openDatabase';
import { answerHeaders, builtPage, builtWorker, compressedAssets, policyConfigOf, readInventory } from '../../src/sandbox/builtStorefront';
import { print } from '../io';

export interface ServedBuild {
  /** Sets the headers every answer carries; call before any handler answers. */
  headers(req: IncomingMessage, res: ServerResponse): void;
  /** Answers the inbox, the page and the build's assets; false for anything else. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The build in `buildDir` with the policy the config.json the sandbox serves makes (`servedConfig`, read on each
 * request); Left when it has no script inventory.
 */
export function servedBuild(buildDir: string, servedConfig: () => unknown): E.Either<string, ServedBuild> {
  const inventory = readInventory(buildDir);
  if (E.isLeft(inventory)) return E.left(`--build: ${inventory.left}`);
  const page = builtPage(buildDir, () => policyConfigOf(servedConfig()));
  const worker = builtWorker(buildDir, () => policyConfigOf(servedConfig()));
  const assets = compressedAssets(buildDir);
  const inbox = lazyInbox({ dir: DEFAULT_INBOX_DIR, log: (line) => print(`[inbox] ${line}`) });
  return E.right({
    headers: answerHeaders,
    async handle(req, res) {
      if (await inbox.handle(req, res)) return true;
      if (page(req, res)) return true;
      if (worker(req, res)) return true;
      let passed = false;
      assets(req, res, () => (passed = true));
      return !passed;
    },
    close: () => inbox.close(),
  });
}

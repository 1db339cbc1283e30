// `countertop serve --catalog FILE [--port P] [--host H] [--data DIR] [--origin URL...] [--build DIR]`: the sandbox API and inventory hub
// alone, for a storefront built elsewhere or a client of your own; with --build, the built storefront beside them, as a
// host serves it (serveBuild.ts). Prints the URLs when ready; Ctrl-C stops it cleanly.
// It listens on 127.0.0.1 unless --host says otherwise: its control surface resets state and sets stock for anyone.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import * as E from 'fp-ts/lib/Either.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/createSandbox';
import { print, warn } from '../io';
import { servedBuild, type ServedBuild } from './serveBuild';

interface ServeOptions {
  readonly catalog: string;
  readonly port: string;
  readonly host: string;
  readonly data?: string;
  readonly origin?: readonly string[];
  readonly build?: string;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the sandbox API and the live inventory hub on a catalog')
    .requiredOption('--catalog <file>', 'catalog file, or a fixture name such as cafe or pizza-chain')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '4010')
    .option('--host <address>', 'address to listen on; 0.0.0.0 lets the network reach the sandbox and its controls', '127.0.0.1')
    .option('--data <dir>', 'keep the sandbox state in this folder across restarts')
    .option('--origin <url...>', 'origin of a storefront served elsewhere that may call the API (CORS); no other origin may')
    .option('--build <dir>', 'also serve the storefront built in this folder (dist/), with its Content-Security-Policy')
    .action((options: ServeOptions) => serve(options));
}

async function serve(options: ServeOptions): Promise<void> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    warn(`--port: expected a port number, got ${options.port}`);
    process.exitCode = 1;
    return;
  }
  let sandbox: Sandbox;
  try {
    sandbox = createSandbox({ catalog: options.catalog, allowedOrigins: options.origin ?? [], ...(options.data ? { dataDir: options.data } : {}) });
  } catch (error) {
    warn(`countertop serve: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  let built: ServedBuild | null = null;
  if (options.build) {
    const served = servedBuild(options.build, () => sandbox.servedConfig());
    if (E.isLeft(served)) {
      warn(`countertop serve: ${served.left}`);
      await sandbox.close();
      process.exitCode = 1;
      return;
    }
    built = served.right;
  }
  const server = createServer((req, res) => {
    built?.headers(req, res);
    sandbox.handle(req, res).then(
      async (handled) => {
        if (!handled && !(await built?.handle(req, res))) {
          res.writeHead(404, { 'Content-Type': 'text/plain' });
          res.end('Not found: the sandbox serves /api, the hub, /__sandbox/, /config.json and /img/');
        }
      },
      (error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  });
  sandbox.attachHub(server);
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      warn(`countertop serve: cannot listen on ${options.host} port ${port}: ${error.message}`);
      resolve(false);
    });
    server.listen(port, options.host, () => resolve(true));
  });
  if (!listening) {
    await sandbox.close();
    process.exitCode = 1;
    return;
  }
  const origin = `http://${urlHost(options.host)}:${(server.address() as AddressInfo).port}`;
  print(`Countertop sandbox serving catalog ${sandbox.catalogName()}`);
  if (!LOOPBACK.has(options.host)) print(`  Listening on ${options.host}: other machines can reach the API and the control surface.`);
  print(`  API base URL:   ${origin}${sandbox.apiBasePath}`);
  print(`  Inventory hub:  ${origin}${sandbox.hubPath}`);
  print(`  Control:        ${origin}/__sandbox/`);
  print(`  Config:         ${origin}/config.json`);
  if (built) print(`  Storefront:     ${origin}/ (built in ${options.build})`);
  print('Press Ctrl-C to stop.');

  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      print('Stopping the sandbox.');
      void Promise.all([sandbox.close(), built?.close()]).then(() => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** The host part of the printed URLs: an address on every interface is reached here as localhost; IPv6 in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

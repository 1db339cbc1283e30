// `countertop serve --catalog FILE [--port P] [--data DIR] [--origin URL...]`: the sandbox API and inventory hub alone, for a
// storefront built elsewhere or a client of your own. Prints the URLs when ready; Ctrl-C stops it cleanly.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { createSandbox, type Sandbox } from '../../src/sandbox/createSandbox';

interface ServeOptions {
  readonly catalog: string;
  readonly port: string;
  readonly data?: string;
  readonly origin?: readonly string[];
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the sandbox API and the live inventory hub on a catalog')
    .requiredOption('--catalog <file>', 'catalog file, or a fixture name such as cafe or pizza-chain')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '4010')
    .option('--data <dir>', 'keep the sandbox state in this folder across restarts')
    .option('--origin <url...>', 'origin of a storefront served elsewhere that may call the API (CORS); no other origin may')
    .action((options: ServeOptions) => serve(options));
}

async function serve(options: ServeOptions): Promise<void> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port: expected a port number, got ${options.port}`);
    process.exitCode = 1;
    return;
  }
  let sandbox: Sandbox;
  try {
    sandbox = createSandbox({ catalog: options.catalog, allowedOrigins: options.origin ?? [], ...(options.data ? { dataDir: options.data } : {}) });
  } catch (error) {
    console.error(`countertop serve: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const server = createServer((req, res) => {
    sandbox.handle(req, res).then(
      (handled) => {
        if (!handled) {
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
      console.error(`countertop serve: cannot listen on port ${port}: ${error.message}`);
      resolve(false);
    });
    server.listen(port, () => resolve(true));
  });
  if (!listening) {
    await sandbox.close();
    process.exitCode = 1;
    return;
  }
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  console.log(`Countertop sandbox serving catalog ${sandbox.catalogName()}`);
  console.log(`  API base URL:   ${origin}${sandbox.apiBasePath}`);
  console.log(`  Inventory hub:  ${origin}${sandbox.hubPath}`);
  console.log(`  Control:        ${origin}/__sandbox/`);
  console.log(`  Config:         ${origin}/config.json`);
  console.log('Press Ctrl-C to stop.');

  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      console.log('Stopping the sandbox.');
      void sandbox.close().then(() => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

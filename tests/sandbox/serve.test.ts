// `countertop serve` as a process: it prints the API base URL and the hub's http URL, answers the API and the hub,
// and stops cleanly on Ctrl-C (SIGINT).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, describe, expect, it } from 'vitest';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { CLIENT_ID, newClient } from './support';

const entry = fileURLToPath(new URL('./serveEntry.ts', import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function start(args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string; ready: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, 'serve', ...args], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
  children.push(child);
  let text = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('Press Ctrl-C')) resolve(text);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
  });
  // A test that expects the process to fail does not wait for readiness.
  ready.catch(() => undefined);
  return { child, output: () => text, ready };
}

describe('countertop serve', () => {
  it('prints the API base URL and the hub URL, serves both, and stops cleanly on Ctrl-C', async () => {
    const { child, ready } = start(['--catalog', 'cafe', '--port', '0']);
    const printed = await ready;
    const api = /API base URL:\s+(http:\/\/\S+)/.exec(printed)?.[1];
    const hub = /Inventory hub:\s+(http:\/\/\S+)/.exec(printed)?.[1];
    expect(api).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(hub).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hubs\/inventory$/);

    const catalog = await newClient({ apiBase: api! }).api.catalog.getCatalog();
    expect(E.isRight(catalog) && catalog.right.Name).toBe('Bluebird Coffee');
    const connection = new HubConnectionBuilder().withUrl(hub!).configureLogging(LogLevel.None).build();
    await connection.start();
    await expect(connection.invoke('Subscribe', CLIENT_ID, 'cafe-hudson')).resolves.toBeNull();

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    await connection.stop();
  }, 20_000);

  describe('listens on 127.0.0.1 unless --host asks otherwise', () => {
    // An address of this machine that other machines reach (none in some sandboxes: then there is nothing to prove).
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address !== undefined && !address.internal && address.family === 'IPv4')?.address;

    /** Whether a TCP connection to `host` on `port` is taken. */
    const reaches = (host: string, port: number) =>
      new Promise<boolean>((resolve) => {
        const socket = connect({ host, port });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });

    async function portOf(args: string[]): Promise<{ port: number; printed: string; child: ChildProcessWithoutNullStreams }> {
      const { child, ready } = start(['--catalog', 'cafe', '--port', '0', ...args]);
      const printed = await ready;
      return { port: Number(/API base URL:\s+http:\/\/[^\s]*:(\d+)\//.exec(printed)?.[1]), printed, child };
    }

    it.skipIf(external === undefined)(
      "by default: the loopback answers, the machine's network address does not",
      async () => {
        const { port, child } = await portOf([]);
        expect(await reaches('127.0.0.1', port)).toBe(true);
        expect(await reaches(external!, port)).toBe(false);
        child.kill('SIGINT');
      },
      20_000,
    );

    it.skipIf(external === undefined)(
      'with --host 0.0.0.0: the network address answers too, and the output says so',
      async () => {
        const { port, printed, child } = await portOf(['--host', '0.0.0.0']);
        expect(await reaches(external!, port)).toBe(true);
        expect(printed).toContain('Listening on 0.0.0.0: other machines can reach the API and the control surface.');
        expect(printed).toMatch(/API base URL:\s+http:\/\/localhost:\d+\/api/);
        child.kill('SIGINT');
      },
      20_000,
    );
  });

  it('refuses a catalog that does not exist, with a message and exit code 1', async () => {
    const { child, output } = start(['--catalog', 'no-such-catalog', '--port', '0']);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output()).toMatch(/no such catalog file/);
  }, 20_000);
});

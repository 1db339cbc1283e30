// `countertop serve` as a process: it prints the API base URL and the hub's http URL, answers the API and the hub,
// and stops cleanly on Ctrl-C (SIGINT).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
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
    expect(api).toMatch(/^http:\/\/localhost:\d+\/api$/);
    expect(hub).toMatch(/^http:\/\/localhost:\d+\/hubs\/inventory$/);

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

  it('refuses a catalog that does not exist, with a message and exit code 1', async () => {
    const { child, output } = start(['--catalog', 'no-such-catalog', '--port', '0']);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output()).toMatch(/no such catalog file/);
  }, 20_000);
});

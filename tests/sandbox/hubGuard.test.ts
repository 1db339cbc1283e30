// The hub answers only the storefront's pages and cannot be held open or flooded: negotiate and the WebSocket upgrade
// check Origin against the API's CORS list (CORS itself does not cover upgrades), a socket must finish the handshake
// and then Subscribe with the client id in time, and messages have a size and a rate.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HUB_LIMITS } from '../../src/sandbox/hub/hubLimits';
import { CLIENT_ID, useSandbox, type LiveSandbox } from './support';

const STOREFRONT = 'http://localhost:5999';
const RS = '\u001e';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const subscribe = (clientId: string) => `{"type":1,"invocationId":"1","target":"Subscribe","arguments":["${clientId}","cafe-hudson"]}${RS}`;
const limits = { handshakeTimeoutMs: 300, subscribeTimeoutMs: 300, maxMessageBytes: 4096, maxMessagesPerWindow: 20, windowMs: 60_000 };
const running = useSandbox({ catalog: 'cafe', allowedOrigins: [STOREFRONT], hub: { limits } }, { resetEach: false });

const wsUrl = (sandbox: LiveSandbox) => sandbox.hubUrl.replace(/^http/, 'ws');

/** POST negotiate with these headers (Host too, which fetch will not set); answers the status. */
function negotiate(headers: Record<string, string>): Promise<number> {
  const url = new URL(`${running.hubUrl}/negotiate?negotiateVersion=1`);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw socket to the hub: whether it opened, and how it closed. */
function open(origin?: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(wsUrl(running), origin === undefined ? {} : { origin });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Sends the handshake and waits for the hub's empty answer. */
async function handshaken(origin?: string) {
  const socket = await open(origin);
  const answered = new Promise<void>((resolve) => socket.ws.once('message', () => resolve()));
  socket.ws.send(HANDSHAKE);
  await answered;
  return socket;
}

const hubConnections = () => running.sandbox.control.hubConnections().length;
const hostOf = () => new URL(running.origin).host;

describe('origins', () => {
  it('negotiate answers the sandbox own pages, the storefront it was told about and clients that are not pages', async () => {
    expect(await negotiate({ Host: hostOf(), Origin: running.origin })).toBe(200);
    expect(await negotiate({ Host: hostOf(), Origin: STOREFRONT })).toBe(200);
    expect(await negotiate({ Host: hostOf() })).toBe(200);
  });

  it('negotiate refuses another origin, and a page whose own name was made to resolve here (DNS rebinding)', async () => {
    expect(await negotiate({ Host: hostOf(), Origin: 'https://evil.example' })).toBe(403);
    const port = new URL(running.origin).port;
    expect(await negotiate({ Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` })).toBe(403);
  });

  it('the WebSocket upgrade refuses another origin, and takes the storefront', async () => {
    await expect(open('https://evil.example')).rejects.toThrow('upgrade answered 403');
    const { ws, closed } = await open(STOREFRONT);
    ws.close();
    await closed;
  });
});

describe('sockets that do not do their part are closed', () => {
  it('fifty sockets that never finish the handshake are all closed after the handshake time-out', async () => {
    const sockets = await Promise.all(Array.from({ length: 50 }, () => open()));
    expect(hubConnections()).toBeGreaterThanOrEqual(50);
    await Promise.all(sockets.map((s) => s.closed));
    await expect.poll(hubConnections).toBe(0);
  });

  it('a socket that finished the handshake but never subscribed is closed; one that subscribed stays', async () => {
    const idle = await handshaken();
    const listening = await handshaken();
    listening.ws.send(subscribe(CLIENT_ID));
    expect(await idle.closed).toBe(1008);
    await new Promise((resolve) => setTimeout(resolve, limits.subscribeTimeoutMs * 2));
    expect(listening.ws.readyState).toBe(WebSocket.OPEN);
    listening.ws.close();
    await listening.closed;
  });

  it('a Subscribe with another client id does not count: that socket is closed too', async () => {
    const stranger = await handshaken();
    stranger.ws.send(subscribe('someone-else'));
    expect(await stranger.closed).toBe(1008);
  });
});

describe('floods', () => {
  it('a message over the size limit closes the socket (1009) before the hub keeps it', async () => {
    const socket = await handshaken();
    socket.ws.send('x'.repeat(limits.maxMessageBytes + 1));
    expect(await socket.closed).toBe(1009);
  });

  it('text that never ends its message is not kept past the size limit', async () => {
    const socket = await handshaken();
    // Each piece is small; together they would be one endless message.
    for (let i = 0; i < 8; i++) socket.ws.send('y'.repeat(1000));
    expect(await socket.closed).toBe(1009);
  });

  it('a flood of 60 MB in small messages is cut off at the message rate (1008), whatever follows', async () => {
    const socket = await handshaken();
    socket.ws.send(subscribe(CLIENT_ID));
    const ping = `{"type":6}${RS}`.padEnd(4000, ' ');
    for (let sent = 0; sent < 60_000_000 && socket.ws.readyState === WebSocket.OPEN; sent += ping.length) {
      socket.ws.send(ping);
      // Now and then a turn of the event loop, so the hub's answer can arrive while the flood goes on.
      if (sent % 400_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await socket.closed).toBe(1008);
    await expect.poll(hubConnections).toBe(0);
  });

  it('defaults far above what the storefront sends, and below what ws takes in one message (100 MiB)', () => {
    expect(HUB_LIMITS.maxMessageBytes).toBe(32 * 1024);
    expect(HUB_LIMITS.handshakeTimeoutMs).toBe(15_000);
    expect(HUB_LIMITS.maxMessagesPerWindow / (HUB_LIMITS.windowMs / 1000)).toBeGreaterThanOrEqual(5);
  });
});

// Speed on a phone: Lighthouse 12's mobile profile (simulated slow 4G, 4x CPU slowdown) in Debian's Chromium, for
// Countertop's production build served by the sandbox (as `vite preview` serves it) against a floor: a page built
// in a temporary folder with the project's own react, react-dom, react-router-dom and vite that shows the chooser's
// first words and nothing else. Runs alternate between the floor and Countertop, three rounds; each figure is a
// median, and LCP is given as a ratio to the floor's in the same run. Slow (fifteen to twenty minutes): it runs only when
// named, `npm run bench -- lighthouse`. BENCH_LIST=1 prints what each page loads (with observed request times) and its long tasks; BENCH_ROUNDS=1 runs one round; BENCH_LHR=folder keeps every report.
// BENCH_AGAINST=<commit> also builds that commit and measures it in the same rounds, alternating with this code, for a
// before and after in one run (each page's figures for both, and in how many pairs this code was the faster).
// Beside the figures, whether the cafe installs (README, "Installable and offline"): Lighthouse 12 dropped its
// installability audit, so the run asks Chromium itself, as that audit did (Page.getInstallabilityErrors: the
// manifest and its icons), and whether the offline worker controls the page after a reload.
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { productionBuild } from '../support/productionBuild';
import { compressedAssets } from '../../src/sandbox/builtStorefront';
import { summarize, type Benchmark, type Figure } from './harness';
import { otherCommit } from './otherCommit';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * BENCH_HOST_INDEX=1400: measures as on a host of that benchmarkIndex. Lighthouse's simulation multiplies the main
 * thread's observed time by its CPU slowdown (4), so a host half as fast reads about twice the task time; the slowdown
 * becomes 4 x (this host's index, the median of the runs so far) / the one asked for. For a figure that holds on a
 * slower hour of this kind of machine, measured on a faster one. It scales the host's speed, not another process's
 * load: a run beside other work reads higher still.
 */
const HOST_INDEX = Number(process.env.BENCH_HOST_INDEX ?? 0);
/** The index of every run so far, for BENCH_HOST_INDEX's slowdown. */
const indexesSoFar: number[] = [];

/** The floor: one route of react-router showing the chain chooser's heading and its first sentence. */
const FLOOR_HTML = `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Order Online</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.jsx"></script>
  </body>
</html>
`;
const FLOOR_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

function Home() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '1rem' }}>
      <h1>Order online from Slice Brothers</h1>
      <p>Choose a location to see its menu.</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<Home />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
`;

interface Served {
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * A CDN serves over HTTP/2, where a page's requests share one connection; HTTP/1.1 (what `vite preview` speaks without
 * TLS) gives a browser six per host, and Lighthouse's simulation queues the rest. Both servers get a certificate made
 * for this run and speak HTTP/2 (Vite's preview does over TLS); BENCH_HTTP1=1 serves them as before.
 */
const HTTP2 = process.env.BENCH_HTTP1 !== '1';
function certificate(work: string): { key: string; cert: string } | undefined {
  if (!HTTP2) return undefined;
  const key = join(work, 'key.pem');
  const cert = join(work, 'cert.pem');
  if (!existsSync(cert))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
}

/**
 * How Chromium is told to trust this run's certificate: by its public key's hash. With `--ignore-certificate-errors`
 * it accepted the certificate as an error it was told to ignore, and Chromium keeps nothing from a page with a
 * certificate error in its cache, so a "repeat" visit fetched every file again, the floor's as well as ours.
 */
function trustFlags(work: string): string[] {
  if (!HTTP2) return [];
  certificate(work);
  const der = createPublicKey(readFileSync(join(work, 'cert.pem'), 'utf8')).export({ type: 'spki', format: 'der' });
  return [`--ignore-certificate-errors-spki-list=${createHash('sha256').update(der).digest('base64')}`];
}

/** A POST to the sandbox's control surface; its certificate is this run's own. */
function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const call = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, rejectUnauthorized: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    call.on('error', reject);
    call.end(JSON.stringify(body));
  });
}

async function serve(server: PreviewServer): Promise<Served> {
  const origin = `${HTTP2 ? 'https' : 'http'}://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.httpServer.close(() => resolve());
        // Chromium's keep-alive connections and a page's hub socket would hold the close open.
        (server.httpServer as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

/** Builds the floor page inside node_modules/.cache (so it resolves the project's packages) and serves it. */
async function floor(work: string): Promise<Served> {
  const root = join(work, 'floor');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), FLOOR_HTML);
  writeFileSync(join(root, 'main.jsx'), FLOOR_MAIN);
  const react = (await import('@vitejs/plugin-react')).default;
  const outDir = join(work, 'floor-dist');
  await build({ root, configFile: false, plugins: [react()], logLevel: 'silent', build: { outDir, emptyOutDir: true, target: 'es2022' } });
  // Served the way Countertop's build is served (the same compression), so only the pages differ.
  const server = await preview({
    root,
    configFile: false,
    plugins: [{ name: 'floor-compression', configurePreviewServer: (s) => void s.middlewares.use(compressedAssets(outDir)) }],
    build: { outDir },
    preview: { port: 0, strictPort: false, host: '127.0.0.1', https: certificate(work) },
    logLevel: 'silent',
  });
  return serve(server);
}

type App = Served & { control(path: string, body: unknown): Promise<void> };

/** Countertop's production build from the sources under `root` (this checkout, or another commit's), served with its sandbox. */
async function countertop(work: string, root = ROOT, name = 'countertop'): Promise<App> {
  const outDir = join(work, `${name}-dist`);
  await productionBuild(root, outDir);
  const server = await preview({
    root,
    configFile: `${root}vite.config.ts`,
    build: { outDir },
    preview: { port: 0, strictPort: false, host: '127.0.0.1', https: certificate(work) },
    logLevel: 'silent',
  });
  const served = await serve(server);
  return {
    ...served,
    async control(path, body) {
      const response = await post(`${served.origin}/__sandbox/${path}`, body);
      if (response.status !== 200) throw new Error(`control ${path}: ${response.status} ${response.text}`);
    },
  };
}

interface Measure {
  readonly lcp: number;
  readonly tbt: number;
  /** Lighthouse's measure of the host's speed when it ran (higher is faster): TBT grows on a slower host. */
  readonly benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated (4 unless BENCH_HOST_INDEX). */
  readonly slowdown: number;
  /** TBT from the main thread's CPU time, and that CPU time itself, unscaled (see mainThreadCpu). */
  readonly cpuTbt: number;
  readonly cpuMs: number;
  readonly cls: number;
  readonly requests: readonly string[];
  /** The LCP element and the elements that shifted, for BENCH_LIST. */
  readonly elements: readonly string[];
}

type Items = { items?: { node?: { snippet?: string; selector?: string }; score?: number; items?: { node?: { snippet?: string } }[] }[] } | undefined;

function describeElements(details: Items, label: string): string[] {
  const out: string[] = [];
  for (const item of details?.items ?? []) {
    // The LCP's phases (Lighthouse 12 lists them beside the element): where its time went.
    const phases = (item as { items?: { phase?: string; timing?: number }[] }).items?.filter((row) => row.phase !== undefined) ?? [];
    if (phases.length > 0) out.push(`${label} phases ${phases.map((row) => `${row.phase} ${Math.round(row.timing ?? 0)} ms`).join(', ')}`);
    if (item.node) out.push(`${label} ${item.score !== undefined ? item.score.toFixed(4) : ''} ${item.node.snippet ?? item.node.selector ?? '?'}`);
    for (const inner of item.items ?? []) if (inner.node) out.push(`${label} ${inner.node.snippet ?? '?'}`);
  }
  return out;
}

const FIRST_VISIT_CLEARS = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage', 'indexeddb', 'websql', 'cookies'] as const;

async function measure(port: number, url: string, keepStorage: boolean): Promise<Measure> {
  const slowdown = HOST_INDEX > 0 && indexesSoFar.length > 0 ? (4 * median(indexesSoFar)) / HOST_INDEX : 4;
  const result = await lighthouse(url, {
    ...(slowdown === 4 ? {} : { throttling: { cpuSlowdownMultiplier: slowdown } }),
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
    // Lighthouse's reset keeps localStorage and IndexedDB unless told: a first visit starts with neither (the chain and
    // the cafe share the sandbox's origin, so the cafe's "first" visit otherwise opened on the chain's saved state).
    clearStorageTypes: [...FIRST_VISIT_CLEARS],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  // BENCH_LHR=folder keeps each report, to read what the summary leaves out.
  if (process.env.BENCH_LHR) {
    mkdirSync(process.env.BENCH_LHR, { recursive: true });
    const name = `${Date.now()}-${new URL(url).port}${keepStorage ? '-repeat' : ''}`;
    writeFileSync(join(process.env.BENCH_LHR, `${name}.json`), JSON.stringify(lhr));
    // The trace the simulation replayed (open it in DevTools' Performance panel): what each long task ran.
    writeFileSync(join(process.env.BENCH_LHR, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const value = (id: string) => {
    const audit = lhr.audits[id];
    if (audit?.numericValue === undefined) throw new Error(`${url}: no ${id} (${audit?.errorMessage ?? 'not measured'})`);
    return audit.numericValue;
  };
  type Request = { url: string; transferSize?: number; resourceType?: string; networkRequestTime?: number; networkEndTime?: number };
  const items = (lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? [];
  // Observed (unthrottled) times: the order things were asked for and what each waited on, not the simulated figures.
  const at = (ms: number | undefined) => (ms === undefined ? '?' : `${Math.round(ms)}`);
  const requests = items.map(
    (item) =>
      `${item.resourceType ?? '?'} ${new URL(item.url).pathname} ${Math.round((item.transferSize ?? 0) / 1024)} KB @${at(item.networkRequestTime)}-${at(item.networkEndTime)} ms`,
  );
  type LongTask = { url?: string; duration?: number; startTime?: number };
  const longTasks = ((lhr.audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ?? []).map(
    (task) =>
      `long task ${Math.round(task.duration ?? 0)} ms @${at(task.startTime)} ${task.url?.startsWith('http') ? new URL(task.url).pathname : (task.url ?? '?')}`,
  );
  // What the page did without throttling, before the simulation: when its first and largest paints came.
  const observed = (lhr.audits['metrics']?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const elements = [
    `observed FCP ${at(observed['observedFirstContentfulPaint'])} ms, LCP ${at(observed['observedLargestContentfulPaint'])} ms`,
    ...describeElements(lhr.audits['largest-contentful-paint-element']?.details as Items, 'LCP'),
    ...describeElements(lhr.audits['layout-shifts']?.details as Items, 'shift'),
    ...longTasks,
  ];
  if (lhr.environment?.benchmarkIndex !== undefined) indexesSoFar.push(lhr.environment.benchmarkIndex);
  const { cpuTbt, cpuMs } = mainThreadCpu(
    (result.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents,
    observed['observedFirstContentfulPaintTs'],
    slowdown,
  );
  if (slowdown !== lhr.configSettings.throttling.cpuSlowdownMultiplier)
    throw new Error(`${url}: Lighthouse simulated ${lhr.configSettings.throttling.cpuSlowdownMultiplier}x, not ${slowdown}x`);
  return {
    slowdown,
    cpuTbt,
    cpuMs,
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    cls: value('cumulative-layout-shift'),
    requests,
    elements,
  };
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/**
 * TBT as the simulation counts it (each task's time times the slowdown, less 50 ms), from each main-thread task's
 * CPU time (the trace's `tdur`) after the observed first paint, to the trace's end: the time the thread ran, not the
 * time it waited for a core, so another process on the machine (a build, a test run) does not add to it the way it
 * adds to Lighthouse's own TBT, which replays wall time. For comparing two builds on a busy machine; not the goal's
 * figure; beside it the CPU time itself, unscaled. The page's renderer is the one whose main thread ran longest.
 */
function mainThreadCpu(events: readonly TraceEvent[], firstPaintTs: number | undefined, slowdown: number): { cpuTbt: number; cpuMs: number } {
  if (firstPaintTs === undefined) return { cpuTbt: Number.NaN, cpuMs: Number.NaN };
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = new Map<string, TraceEvent[]>();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)) tasks.set(`${e.pid}:${e.tid}`, [...(tasks.get(`${e.pid}:${e.tid}`) ?? []), e]);
  const busiest = [...tasks.values()].sort((a, b) => b.reduce((t, e) => t + (e.dur ?? 0), 0) - a.reduce((t, e) => t + (e.dur ?? 0), 0))[0] ?? [];
  const after = busiest.filter((e) => e.ts >= firstPaintTs).map((e) => (e.tdur ?? e.dur ?? 0) / 1000);
  return { cpuTbt: after.reduce((sum, ms) => sum + Math.max(0, ms * slowdown - 50), 0), cpuMs: after.reduce((sum, ms) => sum + ms, 0) };
}

/**
 * Whether the page at `url` installs, in the run's own Chromium: what Chromium says stands in the way (its
 * installability errors: the manifest, its icons, the start URL; 'in-incognito' is the browser's, not the page's) and
 * whether the offline worker controls the page once it is loaded again.
 */
async function installability(port: number, url: string): Promise<{ readonly errors: readonly string[]; readonly worker: boolean }> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  try {
    await page.goto(url);
    // The worker registers after the first page, and the first one a browser installs takes the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 }).catch(() => undefined);
    await page.reload();
    const worker = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    return { errors: installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'), worker };
  } finally {
    await page.close();
    // Disconnects; the browser stays the run's.
    await browser.close();
  }
}

interface Page {
  readonly name: string;
  readonly catalog: string;
  readonly path: string;
  readonly repeat?: boolean;
}

const median = (values: readonly number[]) => summarize(values).median;

export const benchmarks: readonly Benchmark[] = [
  {
    name: 'phone: Lighthouse mobile profile, Countertop against a React + react-router floor (alternating, medians of 3)',
    run: async () => {
      const cache = join(ROOT, 'node_modules', '.cache');
      mkdirSync(cache, { recursive: true });
      const work = mkdtempSync(join(cache, 'countertop-lighthouse-'));
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...trustFlags(work)],
      });
      const base = await floor(work);
      const app = await countertop(work);
      const againstCommit = process.env.BENCH_AGAINST;
      const other = againstCommit ? otherCommit(againstCommit) : undefined;
      const against = other ? await countertop(work, other.root, 'against') : undefined;
      try {
        const all: readonly Page[] = [
          { name: 'chain home (the chooser)', catalog: 'pizza-chain', path: '/' },
          { name: 'cafe home', catalog: 'cafe', path: '/' },
          { name: 'category page', catalog: 'cafe', path: '/categories/coffee' },
          { name: 'checkout', catalog: 'cafe', path: '/checkout' },
          { name: 'cafe home, repeat visit (storage kept)', catalog: 'cafe', path: '/', repeat: true },
        ];
        // BENCH_PAGES=cafe measures only the pages whose name contains it (for a quick before and after).
        const pages = all.filter((p) => !process.env.BENCH_PAGES || p.name.includes(process.env.BENCH_PAGES));
        const floorRuns: Measure[] = [];
        const floorRepeat: Measure[] = [];
        const runs = new Map<string, Measure[]>(pages.map((p) => [p.name, []]));
        const againstRuns = new Map<string, Measure[]>(pages.map((p) => [p.name, []]));
        const visit = async (served: App, page: Page): Promise<Measure> => {
          await served.control('reset', { catalog: page.catalog });
          // The visit before leaves its storage and cache; a repeat visit keeps them.
          if (page.repeat) await measure(chrome.port, `${served.origin}${page.path}`, false);
          return measure(chrome.port, `${served.origin}${page.path}`, page.repeat === true);
        };
        // A first load of each warms the servers and the disk cache; not counted.
        await measure(chrome.port, `${base.origin}/`, false);
        for (const served of [app, ...(against ? [against] : [])]) await visit(served, { name: 'warm-up', catalog: 'cafe', path: '/' });
        for (let round = 0; round < ROUNDS; round++) {
          for (const page of pages) {
            if (page.repeat) {
              await measure(chrome.port, `${base.origin}/`, false);
              floorRepeat.push(await measure(chrome.port, `${base.origin}/`, true));
            } else floorRuns.push(await measure(chrome.port, `${base.origin}/`, false));
            // Against another commit, the two go first in turn, so neither always follows the floor.
            if (against && round % 2 === 1) againstRuns.get(page.name)!.push(await visit(against, page));
            runs.get(page.name)!.push(await visit(app, page));
            if (against && round % 2 === 0) againstRuns.get(page.name)!.push(await visit(against, page));
          }
        }
        // Installable: measured once, after the rounds, on a cafe just reset (its manifest and icons are the business's).
        await app.control('reset', { catalog: 'cafe' });
        const installs = await installability(chrome.port, `${app.origin}/`);
        console.log(
          installs.errors.length === 0 && installs.worker
            ? 'cafe: installable (manifest and icons as Chromium wants them; the offline worker controls the page)'
            : `cafe: NOT installable (${[...installs.errors, ...(installs.worker ? [] : ['no worker controls the page'])].join(', ')})`,
        );
        // How fast the host was while it measured, beside every TBT (Lighthouse's own index; about 1,000 and up is a
        // desktop of recent years, a busy two-core machine reads lower).
        const indexes = [...runs.values(), floorRuns].flat().map((m) => m.benchmarkIndex);
        console.log(`host: Lighthouse benchmarkIndex per run ${indexes.map((i) => i.toFixed(0)).join(', ')}`);
        if (HOST_INDEX > 0)
          console.log(
            `as on a host of benchmarkIndex ${HOST_INDEX}: CPU slowdown per run ${[...runs.values(), floorRuns]
              .flat()
              .map((m) => m.slowdown.toFixed(1))
              .join(', ')}`,
          );
        const floorLcp = median(floorRuns.map((m) => m.lcp));
        const floorRepeatLcp = median(floorRepeat.map((m) => m.lcp));
        const figures: Figure[] = [
          { label: 'host: Lighthouse benchmarkIndex (median of every run)', value: median(indexes), unit: 'count' },
          { label: 'host: Lighthouse benchmarkIndex (lowest)', value: Math.min(...indexes), unit: 'count' },
          { label: "cafe: installability errors (Chromium's own list)", value: installs.errors.length, unit: 'count', goal: '0' },
          { label: 'cafe: offline worker controls the page', value: installs.worker ? 1 : 0, unit: 'count', goal: '1' },
        ];
        if (floorRuns.length > 0)
          figures.push(
            { label: 'floor: LCP (median)', value: floorLcp, unit: 'ms' },
            { label: 'floor: TBT (median)', value: median(floorRuns.map((m) => m.tbt)), unit: 'ms' },
          );
        if (floorRepeat.length > 0) figures.push({ label: 'floor, repeat visit: LCP (median)', value: floorRepeatLcp, unit: 'ms' });
        const asHost = HOST_INDEX > 0 ? `, as at benchmarkIndex ${HOST_INDEX}` : '';
        for (const page of pages) {
          const measured = runs.get(page.name)!;
          const lcp = median(measured.map((m) => m.lcp));
          const tbt = median(measured.map((m) => m.tbt));
          figures.push(
            { label: `${page.name}: LCP / floor`, value: lcp / (page.repeat ? floorRepeatLcp : floorLcp), unit: 'x', goal: page.repeat ? '<= 1.2' : '<= 1.5' },
            { label: `${page.name}: LCP (median)`, value: lcp, unit: 'ms' },
            { label: `${page.name}: TBT (median${asHost})`, value: tbt, unit: 'ms', goal: '< 200' },
            // The goal holds in every run, not in the median of them.
            { label: `${page.name}: TBT from CPU time (median${asHost}; not the goal's figure)`, value: median(measured.map((m) => m.cpuTbt)), unit: 'ms' },
            { label: `${page.name}: main thread's CPU time after the first paint (median, 1x)`, value: median(measured.map((m) => m.cpuMs)), unit: 'ms' },
            { label: `${page.name}: TBT (worst of ${measured.length}${asHost})`, value: Math.max(...measured.map((m) => m.tbt)), unit: 'ms', goal: '< 200' },
            { label: `${page.name}: CLS (median)`, value: median(measured.map((m) => m.cls)), unit: 'count', goal: '< 0.02' },
          );
          const before = againstRuns.get(page.name)!;
          if (before.length > 0) {
            const pairs = measured.map((m, i) => [m, before[i]!] as const);
            figures.push(
              { label: `  at ${againstCommit}: LCP (median)`, value: median(before.map((m) => m.lcp)), unit: 'ms' },
              { label: `  at ${againstCommit}: TBT (median)`, value: median(before.map((m) => m.tbt)), unit: 'ms' },
              { label: `  LCP, this code / ${againstCommit}`, value: lcp / median(before.map((m) => m.lcp)), unit: 'x' },
              { label: `  rounds where this code's TBT is lower`, value: pairs.filter(([now, then]) => now.tbt < then.tbt).length, unit: 'count' },
              { label: `  at ${againstCommit}: TBT from CPU time (median)`, value: median(before.map((m) => m.cpuTbt)), unit: 'ms' },
              { label: `  at ${againstCommit}: main thread's CPU time after the first paint (median)`, value: median(before.map((m) => m.cpuMs)), unit: 'ms' },
              {
                label: `  rounds where this code's TBT from CPU time is lower`,
                value: pairs.filter(([now, then]) => now.cpuTbt < then.cpuTbt).length,
                unit: 'count',
              },
            );
          }
          const last = measured.at(-1)!;
          if (process.env.BENCH_LIST) console.log(`${page.name}:\n  ${[...last.elements, ...last.requests.slice(0, 40)].join('\n  ')}`);
        }
        return figures;
      } finally {
        chrome.kill();
        await app.close();
        await against?.close();
        other?.remove();
        await base.close();
        rmSync(work, { recursive: true, force: true });
      }
    },
  },
];

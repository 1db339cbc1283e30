// Where a page's main-thread time goes in its first seconds, by original source: the production build served with
// its sandbox, Debian's Chromium on a 390 px touch screen at 4x CPU (the DevTools protocol's throttling, as the phone
// figures' profile), a CPU profile from before the navigation, mapped through the build's source maps. It prints the
// page's long tasks (as its own PerformanceObserver saw them), each stretch of work of 50 ms or more with what ran in
// it, and the time by package or file and by function over the whole window. Not a figure: a tool for reading what
// Lighthouse's long-task list leaves unattributed.
//
//   npx tsx tests/bench/profilePage.ts                      the chain's home (the chooser)
//   PAGE=/categories/coffee CATALOG=cafe npx tsx tests/bench/profilePage.ts
// Options: CATALOG (a fixture business), PAGE (the address), SECONDS (how long after the navigation; 8), CPU (the
// slowdown; 4), COUNTERTOP_BUILD_DIR (a build to use instead of building this checkout to a temporary folder),
// CALLERS (a function, e.g. appendChild: what called it, by its callers' names), TASK_MS (every main-thread task this
// long or longer at the slowdown, from a trace, with what ran in it: the tasks Lighthouse's simulation scales, which the
// page's own long-task list, at 50 ms, leaves out), REPEAT=1 (a returning visit: the page is visited once, unprofiled,
// and then again with its storage and cache kept).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { preview } from 'vite';
import { productionBuild } from '../support/productionBuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const catalog = process.env.CATALOG ?? 'pizza-chain';
const address = process.env.PAGE ?? '/';
const seconds = Number(process.env.SECONDS ?? 8);
const slowdown = Number(process.env.CPU ?? 4);
const taskMs = process.env.TASK_MS ? Number(process.env.TASK_MS) : null;
/** A stretch of work this long or longer is listed with what ran in it (a long task at the slowdown). */
const LONG_MS = 50;

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}
interface Profile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: CallFrame;
    readonly children?: readonly number[];
    readonly positionTicks?: readonly { readonly line: number; readonly ticks: number }[];
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
}
interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string };
}

const temporary = process.env.COUNTERTOP_BUILD_DIR ? null : mkdtempSync(join(tmpdir(), 'countertop-profile-'));
const outDir = process.env.COUNTERTOP_BUILD_DIR ?? temporary!;
if (temporary) await productionBuild(ROOT, outDir);
const server = await preview({
  root: ROOT,
  configFile: `${ROOT}vite.config.ts`,
  build: { outDir },
  preview: { port: 0, host: '127.0.0.1' },
  logLevel: 'silent',
});
const origin = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
const reset = await fetch(`${origin}/__sandbox/reset`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify({ catalog }),
});
if (!reset.ok) throw new Error(`reset: ${reset.status} ${await reset.text()}`);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const page = await context.newPage();
if (process.env.REPEAT) {
  await page.goto(`${origin}${address}`);
  // Settled: the page's copy and the first pictures are written once the page has been idle a while.
  await page.waitForTimeout(5000);
  await page.goto('about:blank');
}
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await page.addInitScript(() => {
  const seen: [number, number][] = [];
  (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
  new PerformanceObserver((list) => list.getEntries().forEach((e) => seen.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({
    type: 'longtask',
    buffered: true,
  });
});
// The profile's clock against the page's: the wall time when the profile started, and the page's time origin.
const wallNow = () => page.evaluate(() => performance.timeOrigin + performance.now());
const traced: TraceEvent[] = [];
const traceDone = taskMs === null ? null : new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
if (taskMs !== null) {
  cdp.on('Tracing.dataCollected', ({ value }) => traced.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel', transferMode: 'ReportEvents' });
}
const beforeStart = await wallNow();
await cdp.send('Profiler.start');
const profileStartWall = (beforeStart + (await wallNow())) / 2;
await page.goto(`${origin}${address}`);
await page.waitForTimeout(seconds * 1000);
const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
if (taskMs !== null) {
  await cdp.send('Tracing.end');
  await traceDone;
}
const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks);
const pageOrigin = await page.evaluate(() => performance.timeOrigin);
await browser.close();
server.httpServer.close();
(server.httpServer as { closeAllConnections?: () => void }).closeAllConnections?.();
if (temporary) rmSync(temporary, { recursive: true, force: true });

const maps = new Map<string, TraceMap | null>();
function mapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    try {
      maps.set(url, new TraceMap(readFileSync(join(outDir, `${new URL(url).pathname}.map`), 'utf8')));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url)!;
}

/** A frame's original function and file ('nm/' for node_modules), through the chunk's source map where it has one. */
function located(frame: CallFrame): { readonly fn: string; readonly file: string } {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return { fn: name, file: name };
  const map = mapOf(frame.url);
  // A function run from the code cache may come without a position (line -1).
  const position = map && frame.lineNumber >= 0 ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
  if (!position?.source) return { fn: `${name} ${new URL(frame.url).pathname}`, file: new URL(frame.url).pathname };
  const file = position.source
    .replace(/^(\.\.\/)+/, '')
    .replace(/^.*?node_modules\//, 'nm/')
    .replace(/^work\/[^/]+\//, '');
  return { fn: `${position.name ?? name} ${file}:${position.line}`, file };
}

const packageOf = (file: string) =>
  file.startsWith('nm/')
    ? file
        .split('/')
        .slice(0, file.startsWith('nm/@') ? 3 : 2)
        .join('/')
    : file;
const nodes = new Map(profile.nodes.map((node) => [node.id, located(node.callFrame)]));
const add = (totals: Map<string, number>, key: string, us: number) => totals.set(key, (totals.get(key) ?? 0) + us);
const ms = (us: number) => `${(us / 1000).toFixed(1).padStart(7)} ms`;
const top = (totals: Map<string, number>, n: number, indent = '  ') =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `${indent}${ms(us)}  ${key}`)
    .join('\n');

// Stretches of work: runs of samples between idle ones.
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const stretches: string[] = [];
let at = 0;
let stretch: { start: number; us: number; fns: Map<string, number> } | null = null;
const endStretch = () => {
  if (stretch && stretch.us >= LONG_MS * 1000)
    stretches.push(`${ms(stretch.us)} from ${Math.round(stretch.start / 1000)} ms\n${top(stretch.fns, 6, '      ')}`);
  stretch = null;
};
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  at += us;
  const { fn, file } = nodes.get(id)!;
  if (fn === '(idle)') return endStretch();
  stretch ??= { start: at, us: 0, fns: new Map() };
  stretch.us += us;
  add(stretch.fns, fn, us);
  add(byFunction, fn, us);
  add(byPackage, packageOf(file), us);
});
endStretch();

// Each long task with the project's own functions that ran in it (time with what they called; src/ frames only),
// the samples placed on the page's clock.
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const ownFrames = (id: number): string[] => {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { fn, file } = nodes.get(at)!;
    if (file.startsWith('src/')) seen.add(fn);
  }
  return [...seen];
};
const tasks = longTasks.map(([start, duration]) => ({ start, duration, own: new Map<string, number>(), leaf: new Map<string, number>() }));
let clock = 0;
profile.samples.forEach((id, i) => {
  clock += profile.timeDeltas[i] ?? 0;
  const pageMs = profileStartWall + clock / 1000 - pageOrigin;
  const task = tasks.find((t) => pageMs >= t.start && pageMs < t.start + t.duration);
  if (!task) return;
  const us = profile.timeDeltas[i + 1] ?? 0;
  for (const fn of ownFrames(id)) add(task.own, fn, us);
  add(task.leaf, packageOf(nodes.get(id)!.file), us);
});
const taskReport = tasks.map(
  (t) =>
    `  ${t.duration} ms at ${t.start} ms\n    own functions (with what they called):\n${top(t.own, 8, '      ')}\n    by package (self):\n${top(t.leaf, 5, '      ')}`,
);

// CALLERS=appendChild: what called a function, by the nearest of the project's own frames (or the chunk's) above it.
const callersOf = process.env.CALLERS;
const callers = new Map<string, number>();
if (callersOf)
  profile.samples.forEach((id, i) => {
    if (!nodes.get(id)!.fn.startsWith(callersOf)) return;
    let at = parent.get(id);
    const chain: string[] = [];
    while (at !== undefined && chain.length < 4) {
      const { fn } = nodes.get(at)!;
      if (fn !== '(anonymous)') chain.push(fn);
      at = parent.get(at);
    }
    add(callers, chain.join(' < '), profile.timeDeltas[i + 1] ?? 0);
  });

// TASK_MS=20: the page's main-thread tasks from the trace (its renderer's thread that ran the most), each with the
// functions whose samples fall in it; the trace's and the profile's clocks are the same monotonic microseconds.
const taskList: string[] = [];
if (taskMs !== null) {
  const threadNames = new Map(traced.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
  const runs = traced.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
  const mainTime = new Map<string, number>();
  for (const e of runs) if (threadNames.get(`${e.pid}:${e.tid}`) === 'CrRendererMain') add(mainTime, `${e.pid}:${e.tid}`, e.dur ?? 0);
  const main = [...mainTime].sort((a, b) => b[1] - a[1])[0]?.[0];
  const sampleTimes: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) sampleTimes.push((t += delta));
  const first = runs.find((e) => `${e.pid}:${e.tid}` === main)?.ts ?? 0;
  const onMain = runs.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts);
  // A task's RunTask holds the scheduler's own RunTask: the outer one only.
  const outer = onMain.filter((e, i) => !onMain.slice(Math.max(0, i - 3), i).some((o) => o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur!));
  for (const task of outer.filter((e) => (e.dur ?? 0) >= taskMs * 1000)) {
    const fns = new Map<string, number>();
    const pkgs = new Map<string, number>();
    const leaves = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      if (sampleTimes[i]! < task.ts || sampleTimes[i]! >= task.ts + task.dur!) return;
      const us = profile.timeDeltas[i + 1] ?? 0;
      for (const fn of ownFrames(id)) add(fns, fn, us);
      add(pkgs, packageOf(nodes.get(id)!.file), us);
      add(leaves, nodes.get(id)!.fn, us);
    });
    // What the browser did in it, by the trace's events directly inside the task (style, layout, compiling...).
    const kinds = new Map<string, number>();
    for (const e of traced)
      if (`${e.pid}:${e.tid}` === main && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts < task.ts + task.dur! && !/RunTask/.test(e.name))
        if (
          [
            'UpdateLayoutTree',
            'Layout',
            'Paint',
            'PrePaint',
            'Layerize',
            'ParseAuthorStyleSheet',
            'v8.compile',
            'v8.compileModule',
            'v8.evaluateModule',
            'EvaluateScript',
            'ParseHTML',
            'RunMicrotasks',
            'FunctionCall',
            'GCEvent',
            'MinorGC',
            'MajorGC',
            'V8.GC_SCAVENGER',
            'ScheduledAction',
          ].includes(e.name)
        )
          add(kinds, e.name, e.dur ?? 0);
    taskList.push(
      `  ${((task.dur ?? 0) / 1000).toFixed(1)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(1)}) at ${Math.round((task.ts - first) / 1000)} ms\n${top(fns, 5, '      ')}\n    self:\n${top(pkgs, 4, '      ')}\n${top(leaves, 6, '      ')}\n    in the trace:\n${top(kinds, 6, '      ')}`,
    );
  }
}

// TOP_LEVEL=1: the time of the chunks' top-level code (every bundled module's statements outside functions run in one
// function per chunk, which the source map cannot place by its start) by the original file of each line sampled; a
// build without minifying (`vite build --minify false`) has a line per statement.
const topLevel = new Map<string, number>();
if (process.env.TOP_LEVEL)
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    if (!frame.url || frame.lineNumber !== 0 || frame.columnNumber !== 0) continue;
    const map = mapOf(frame.url);
    for (const { line, ticks } of node.positionTicks ?? []) {
      const position = map ? originalPositionFor(map, { line, column: 0 }) : null;
      const file = (position?.source ?? `${new URL(frame.url).pathname}:${line}`).replace(/^(\.\.\/)+/, '').replace(/^.*?node_modules\//, 'nm/');
      add(topLevel, file, ticks);
    }
  }

console.log(`${catalog} ${address} at ${slowdown}x CPU, ${seconds} s`);
if (process.env.TOP_LEVEL)
  console.log(
    `the chunks' top-level code, samples by original file (of ${[...topLevel.values()].reduce((a, b) => a + b, 0)}):\n${[...topLevel]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([file, ticks]) => `  ${String(ticks).padStart(6)}  ${file}`)
      .join('\n')}`,
  );
if (taskMs !== null) console.log(`main-thread tasks of ${taskMs} ms or more (from the renderer's first task):\n${taskList.join('\n')}`);
console.log(`long tasks (duration@start, ms): ${longTasks.map(([start, duration]) => `${duration}@${start}`).join(' ')}`);
console.log(`their time over 50 ms (what TBT adds up, from the first task on): ${longTasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)} ms`);
console.log(`each long task, on the page's clock:\n${taskReport.join('\n')}`);
console.log(`stretches of work of ${LONG_MS} ms or more (from the profile's start), with what ran most:\n${stretches.join('\n')}`);
console.log(`by package or file:\n${top(byPackage, 30)}`);
if (callersOf) console.log(`${callersOf}, by caller:\n${top(callers, 12)}`);
console.log(`by function:\n${top(byFunction, 30)}`);
process.exit(0);

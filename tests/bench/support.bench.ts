// The support console's figures: opening a simulated 10,000-event log (every line checked, snapshots kept), and
// seeking to any event of it (a snapshot plus fewer than SNAPSHOT_EVERY reducer steps), with the why and the diff
// the console works out for the selected event.
import { stateDiff } from '../../src/events/selectors/stateDiff';
import { explain } from '../../src/events/selectors/why';
import { entriesOfType, searchedEntries } from '../../src/app/features/support/timelineRows';
import { openLogText } from '../../src/store/seekableLog';
import { simulatedLog } from '../support/simulatedLog';
import { measureAsync, summarize, type Benchmark } from './harness';

const BIG = Number(process.env.BENCH_SUPPORT_EVENTS ?? 100_000);

export const benchmarks: readonly Benchmark[] = [
  {
    name: 'support console: a 10,000-event log',
    run: async () => {
      const text = await simulatedLog(10_000);
      const opening = await measureAsync(
        async () => {
          const opened = await openLogText(text);
          if (opened._tag === 'Left') throw new Error(opened.left.join('\n'));
        },
        { iterations: 3, warmup: 1 },
      );
      const opened = await openLogText(text);
      if (opened._tag === 'Left') throw new Error(opened.left.join('\n'));
      const log = opened.right;
      // Random seeks, as a support person jumps around the timeline.
      const seeks: number[] = [];
      const withWhy: number[] = [];
      let x = 12345;
      for (let i = 0; i < 500; i++) {
        x = (x * 1103515245 + 12345) % 2147483648;
        const index = x % log.entries.length;
        const started = performance.now();
        const moment = log.at(index);
        seeks.push(performance.now() - started);
        explain(moment.state, log.context);
        stateDiff(log.at(index - 1).state, moment.state);
        withWhy.push(performance.now() - started);
      }
      const seek = summarize(seeks);
      const full = summarize(withWhy);
      return [
        { label: 'open: check every line, fold, keep snapshots (median)', value: opening.median, unit: 'ms' },
        { label: 'seek to a random event (p95)', value: seek.p95, unit: 'ms', goal: '< 100' },
        { label: 'seek, with the why and the diff (p95)', value: full.p95, unit: 'ms', goal: '< 100' },
        { label: 'seek, with the why and the diff (slowest)', value: Math.max(...withWhy), unit: 'ms' },
      ];
    },
  },
  {
    // Issue 33's goals for a big log: it opens in under 1.5 s, seeks in under 16 ms and a search answers in under
    // 200 ms (p95). BENCH_SUPPORT_EVENTS=N opens N events instead.
    name: `support console: a ${BIG.toLocaleString('en-US')}-event log`,
    run: async () => {
      const text = await simulatedLog(BIG);
      const began = performance.now();
      const opened = await openLogText(text, { pictures: false });
      const opening = performance.now() - began;
      if (opened._tag === 'Left') throw new Error(opened.left.join('\n'));
      const log = opened.right;
      const seeks: number[] = [];
      let x = 12345;
      for (let i = 0; i < 500; i++) {
        x = (x * 1103515245 + 12345) % 2147483648;
        const started = performance.now();
        log.at(x % log.entries.length);
        seeks.push(performance.now() - started);
      }
      // What support types, a letter at a time, then a type picked from the list.
      const searches: number[] = [];
      for (const [type, search] of [
        ['', 'c'],
        ['', 'ca'],
        ['', 'cart'],
        ['', 'added'],
        ['', '4711'],
        ['ItemAdded', ''],
        ['ItemAdded', 'pizza'],
      ]) {
        const started = performance.now();
        const ofType = entriesOfType(log.entries, type!);
        if (search !== '') searchedEntries(ofType, log.search.find(search!));
        searches.push(performance.now() - started);
      }
      return [
        { label: 'open: check every line, fold, keep snapshots', value: opening, unit: 'ms', goal: '< 1500' },
        { label: 'text of the log', value: text.length / 1024, unit: 'KB' },
        { label: 'seek to a random event (p95)', value: summarize(seeks).p95, unit: 'ms', goal: '< 16' },
        { label: 'search or filter the timeline (p95)', value: summarize(searches).p95, unit: 'ms', goal: '< 200' },
      ];
    },
  },
];

// Runs the benchmark modules and prints one line per figure with its goal. Figures are for comparing before and
// after a change in one run; nothing here fails a build.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark } from './harness';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  // A slow one (`*.slow.bench.ts`, such as Lighthouse's) runs only when named.
  .filter((f) => (filters.length === 0 ? !f.endsWith('.slow.bench.ts') : filters.some((x) => f.includes(x))))
  .sort();

const format = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(4));

for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { benchmarks: readonly Benchmark[] };
  for (const bench of mod.benchmarks) {
    console.log(`\n${bench.name}`);
    try {
      for (const figure of await bench.run()) {
        const goal = figure.goal ? `   (goal ${figure.goal} ${figure.unit})` : '';
        console.log(`  ${figure.label.padEnd(58)} ${format(figure.value).padStart(12)} ${figure.unit}${goal}`);
      }
    } catch (error) {
      console.log(`  failed: ${(error as Error).stack ?? String(error)}`);
      process.exitCode = 1;
    }
  }
}

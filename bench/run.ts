import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { join } from 'node:path';
import { replaceGeneratedSection } from '../scripts/generated-section';
import { ROOT } from '../scripts/dev-build';
import { measureBundles } from './browser/bundles';
import { machineNow } from './browser/machine-clock';
import { runBrowser } from './browser/run-browser';
import { latestJson, type BenchRun } from './report/bench-run';
import type { PartResult } from './report/figures';
import { machine, versions } from './report/machine';
import { runPartProcess } from './report/part-process';
import { ensurePeers } from './report/peers';
import { renderBenchmarks } from './report/render-benchmarks';
import { printRun } from './report/print-run';

/**
 * `npm run bench` (docs/benchmarks.md): every benchmark in one run, so each ratio compares figures taken
 * on the same machine minutes apart. The Node parts run first, each in a process of its own, on a quiet
 * machine; then the browser parts, whose worker streams for the 10 minutes of the heap watch, with the
 * store build (the bundle sizes) inside that watch after the timed measurements. `--quick` scales
 * everything down for development and leaves the docs alone.
 */
const QUICK = process.argv.includes('--quick');
const SIZES = QUICK
  ? { scale: 0.1, heapWatchMs: 45_000, ticks: 200, workerCpuSeconds: 8 }
  : { scale: 1, heapWatchMs: 600_000, ticks: 1_000, workerCpuSeconds: 20 };
const DOC = join(ROOT, 'docs/benchmarks.md');
const START = '<!-- bench-run:start -->';
const END = '<!-- bench-run:end -->';

async function main(): Promise<void> {
  const began = machineNow();
  ensurePeers();
  const scale = ['--scale', String(SIZES.scale)];
  const nodeParts: PartResult[] = [
    await runPartProcess('bench/ingest/main.ts', scale),
    await runPartProcess('bench/books/main.ts', scale),
  ];
  let bundles: PartResult | undefined;
  const browserParts = await runBrowser({
    heapWatchMs: SIZES.heapWatchMs,
    ticks: SIZES.ticks,
    workerCpuSeconds: SIZES.workerCpuSeconds,
    afterTimed: async () => {
      bundles = await measureBundles();
    },
  });
  if (bundles === undefined) throw new Error('The bundle sizes were not measured.');
  const run: BenchRun = {
    startedAt: new Date(began).toISOString(),
    durationSeconds: (machineNow() - began) / 1000,
    mode: QUICK ? 'quick' : 'full',
    machine: machine(),
    versions: versions(),
    parts: [...nodeParts, ...browserParts, bundles],
  };
  printRun(run);
  const results = join(ROOT, 'bench/results');
  await mkdir(results, { recursive: true });
  await writeFile(
    join(results, QUICK ? 'quick.json' : 'latest.json'),
    `${JSON.stringify(latestJson(run), null, 2)}\n`,
  );
  if (!QUICK) {
    const doc = replaceGeneratedSection(await readFile(DOC, 'utf8'), START, END, renderBenchmarks(run));
    // Formatted here rather than by a second command after it: npm hands `-- --quick` to the last one.
    await writeFile(DOC, await format(doc, { ...(await resolveConfig(DOC)), filepath: DOC }));
  }
}

await main();

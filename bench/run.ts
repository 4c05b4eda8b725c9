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
 * `npm run bench` (docs/benchmarks.md): every benchmark in one run of at most 10 minutes, so each ratio
 * compares figures taken on the same machine minutes apart. The worker's heap is watched while it
 * streams for the rest of those 10 minutes; the Node parts and the store build run inside that watch, in
 * processes of their own, before the browser's timing measurements (which need a quiet machine).
 * `--quick` scales everything down for development and leaves the docs alone.
 */
const QUICK = process.argv.includes('--quick');
const SIZES = QUICK
  ? { scale: 0.1, heapWatchMs: 60_000, ticks: 200 }
  : { scale: 1, heapWatchMs: 600_000, ticks: 1_000 };
/** The whole run's time (at most 10 minutes: docs/benchmarks.md "How to run"), and what the end needs after the heap watch: close, write. */
const RUN_MS = 600_000;
const WIND_DOWN_MS = 10_000;
const DOC = join(ROOT, 'docs/benchmarks.md');
const START = '<!-- bench-run:start -->';
const END = '<!-- bench-run:end -->';

async function main(): Promise<void> {
  const began = machineNow();
  ensurePeers();
  const nodeParts: PartResult[] = [];
  let bundles: PartResult | undefined;
  const scale = ['--scale', String(SIZES.scale)];
  const browserParts = await runBrowser({
    heapWatchMs: SIZES.heapWatchMs,
    endBy: began + RUN_MS - WIND_DOWN_MS,
    ticks: SIZES.ticks,
    whileStreaming: async () => {
      nodeParts.push(await runPartProcess('bench/ingest/main.ts', scale));
      nodeParts.push(await runPartProcess('bench/books/main.ts', scale));
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

import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { PartResult } from '../report/figures';
import { measureBundles } from './bundles';
import { runBrowser } from './run-browser';

/**
 * The browser part of the benchmarks on its own:
 * `node --import tsx bench/browser/main.ts [--heap-ms 60000] [--ticks 200] --out FILE`
 * writes the bundle sizes and the browser figures (PartResult[]) as JSON to FILE.
 */
const { values } = parseArgs({
  options: {
    'heap-ms': { type: 'string', default: '600000' },
    ticks: { type: 'string', default: '1000' },
    out: { type: 'string' },
  },
});
const heapWatchMs = Number(values['heap-ms']);
const ticks = Number(values.ticks);
if (values.out === undefined || !Number.isFinite(heapWatchMs) || !Number.isInteger(ticks) || ticks < 1) {
  console.error(
    'usage: node --import tsx bench/browser/main.ts [--heap-ms 600000] [--ticks 1000] --out FILE',
  );
  process.exit(2);
}
const began = Date.now();
let bundles: PartResult | undefined;
const browser = await runBrowser({
  heapWatchMs,
  ticks,
  afterTimed: async () => {
    bundles = await measureBundles();
  },
});
const parts = [...(bundles === undefined ? [] : [bundles]), ...browser];
await writeFile(values.out, `${JSON.stringify(parts, null, 2)}\n`);
for (const part of parts)
  for (const figure of part.figures) console.log(`${figure.id}\t${String(figure.value)} ${figure.unit}`);
console.log(`took ${String(Math.round((Date.now() - began) / 1000))} s`);

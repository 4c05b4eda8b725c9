/**
 * What the decimal maths costs per position push: the calls src/exchanges/okx/map.ts makes for one position
 * (|pos| x contract value, and for inverse contracts / mark price), through src/exchanges/decimal.ts (big.js
 * underneath) and with floats as the floor (fast, but 0.1 x 3 is 0.30000000000000004).
 *
 * Run: node --import tsx bench/decimal.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { absoluteDecimal, divideDecimals, multiplyDecimals } from '../src/exchanges/decimal';

/** A short OKX inverse swap position as the positions channel sends it. */
const POSITION = { pos: '-37', ctVal: '100', markPx: '67012.3' };
const PUSHES = 200_000;
const ROUNDS = 5;

type Candidate = { name: string; push: () => string | undefined };

const CANDIDATES: Candidate[] = [
  {
    name: 'decimal.ts',
    push: () =>
      divideDecimals(multiplyDecimals(absoluteDecimal(POSITION.pos), POSITION.ctVal), POSITION.markPx),
  },
  {
    name: 'floats (floor)',
    push: () => String((Math.abs(Number(POSITION.pos)) * Number(POSITION.ctVal)) / Number(POSITION.markPx)),
  },
];

/** Nanoseconds per push, the best of ROUNDS so a busy neighbour on the machine counts less. */
function measure(candidate: Candidate): number {
  let best = Infinity;
  let sink = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    for (let i = 0; i < PUSHES; i += 1) sink += candidate.push()?.length ?? 0;
    best = Math.min(best, ((performance.now() - start) * 1e6) / PUSHES);
  }
  if (sink === 0) throw new Error(`${candidate.name} produced nothing`);
  return best;
}

for (const candidate of CANDIDATES) measure(candidate); // warm up every path before timing any
for (const candidate of CANDIDATES) {
  const ns = measure(candidate);
  console.log(
    `${candidate.name.padEnd(16)} ${ns.toFixed(0).padStart(6)} ns per position push` +
      `  (${Math.round(1e6 / ns).toLocaleString('en')} pushes per ms)  -> ${String(candidate.push())}`,
  );
}

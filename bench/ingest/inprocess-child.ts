import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createCcxtFeeder } from './ccxt-feed';
import type { Feeder } from './feeder';
import { withoutChecksum } from './frames';
import { createJsonFeeder } from './json-feed';
import { createPerchFeeder } from './perch-feed';
import { startProfiler } from './profiler';
import { loadRecording } from './record';
import { createSdkFeeder } from './sdk-feed';
import { IN_PROCESS_IMPLS, type InProcessImpl, type InProcessResult } from './results';
import type { BenchExchange } from './stream-spec';

const WARM_UP_PASSES = 3;

function createFeeder(impl: InProcessImpl, exchange: BenchExchange): Feeder | Promise<Feeder> {
  switch (impl) {
    case 'perch':
    case 'perch-nochecksum':
      return createPerchFeeder(exchange);
    case 'ccxt.pro':
      return createCcxtFeeder(exchange);
    case 'sdk':
      return createSdkFeeder(exchange);
    case 'JSON.parse':
      return createJsonFeeder();
  }
}

/**
 * Feeds every frame once; returns messages per second of the process's CPU time (user + system, every
 * thread, GC helpers included) and of wall time. On a machine shared with other jobs, CPU time leaves
 * out the time this process waited for a core, so it is the steadier of the two.
 */
function pass(feeder: Feeder, frames: readonly string[]): { cpu: number; wall: number } {
  const startCpu = process.cpuUsage();
  const started = performance.now();
  for (const frame of frames) feeder.feed(frame);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(startCpu);
  return { cpu: (frames.length * 1e6) / (cpu.user + cpu.system), wall: (frames.length * 1000) / wallMs };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      impl: { type: 'string' },
      exchange: { type: 'string' },
      pushes: { type: 'string' },
      passes: { type: 'string', default: '5' },
      /** Writes a CPU profile of the timed passes there. */
      profile: { type: 'string' },
    },
  });
  const impl = IN_PROCESS_IMPLS.find((name) => name === values.impl);
  const exchange = values.exchange === 'okx' || values.exchange === 'bybit' ? values.exchange : undefined;
  if (impl === undefined || exchange === undefined)
    throw new Error('usage: --impl NAME --exchange okx|bybit');
  const recording = (await loadRecording(Number(values.pushes)))[exchange];
  const strip = impl === 'perch-nochecksum' ? withoutChecksum : (text: string) => text;
  const frames = recording.pushes.map(strip);
  const feeder = await createFeeder(impl, exchange);
  for (const frame of recording.preamble) feeder.feed(frame);
  // Untimed passes open every book with its snapshot and let the JIT settle: with one, the timed passes
  // of the implementations with the most code still sped up pass after pass (Perch's by up to 1.7x).
  for (let i = 0; i < WARM_UP_PASSES; i++) pass(feeder, frames);
  const before = feeder.delivered();
  const profiler = values.profile === undefined ? undefined : await startProfiler();
  const timed: { cpu: number; wall: number }[] = [];
  for (let i = 0; i < Number(values.passes); i++) timed.push(pass(feeder, frames));
  if (profiler !== undefined && values.profile !== undefined) await profiler.stop(values.profile);
  const result: InProcessResult = {
    impl,
    exchange,
    frames: frames.length,
    passes: timed.map(({ cpu }) => cpu),
    wallPasses: timed.map(({ wall }) => wall),
    deliveredPerPass: (feeder.delivered() - before) / timed.length,
    bestBid: feeder.bestBid(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

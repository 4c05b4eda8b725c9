import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createCcxtSink } from './ccxt-sink';
import type { FrameSink } from './frame-sink';
import { withoutChecksum } from './frames';
import { createJsonSink } from './json-sink';
import { createPerchSink } from './perch-sink';
import { startProfiler } from './profiler';
import { loadRecording } from './record';
import { createSdkSink } from './sdk-sink';
import { IN_PROCESS_IMPLS, type InProcessImpl, type InProcessResult } from './results';
import type { BenchExchange } from './stream-spec';

const WARM_UP_PASSES = 3;

function createSink(impl: InProcessImpl, exchange: BenchExchange): FrameSink | Promise<FrameSink> {
  switch (impl) {
    case 'perch':
    case 'perch-nochecksum':
      return createPerchSink(exchange);
    case 'ccxt.pro':
      return createCcxtSink(exchange);
    case 'sdk':
      return createSdkSink(exchange);
    case 'JSON.parse':
      return createJsonSink();
  }
}

/**
 * Pushes every frame once; returns messages per second of the process's CPU time (user + system, every
 * thread, GC helpers included) and of wall time. On a machine shared with other jobs, CPU time leaves
 * out the time this process waited for a core, so it is the steadier of the two.
 */
function pass(sink: FrameSink, frames: readonly string[]): { cpu: number; wall: number } {
  const startCpu = process.cpuUsage();
  const started = performance.now();
  for (const frame of frames) sink.push(frame);
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
  const sink = await createSink(impl, exchange);
  for (const frame of recording.preamble) sink.push(frame);
  // Untimed passes open every book with its snapshot and let the JIT settle: with one, the timed passes
  // of the implementations with the most code still sped up pass after pass (Perch's by up to 1.7x).
  for (let i = 0; i < WARM_UP_PASSES; i++) pass(sink, frames);
  const before = sink.delivered();
  const profiler = values.profile === undefined ? undefined : await startProfiler();
  const timed: { cpu: number; wall: number }[] = [];
  for (let i = 0; i < Number(values.passes); i++) timed.push(pass(sink, frames));
  if (profiler !== undefined && values.profile !== undefined) await profiler.stop(values.profile);
  const result: InProcessResult = {
    impl,
    exchange,
    frames: frames.length,
    passes: timed.map(({ cpu }) => cpu),
    wallPasses: timed.map(({ wall }) => wall),
    deliveredPerPass: (sink.delivered() - before) / timed.length,
    bestBid: sink.bestBid(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

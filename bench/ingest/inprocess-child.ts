import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createCcxtSink } from './ccxt-sink';
import { countMix, MIXES, mixFrames, type Mix } from './frame-mix';
import type { FrameSink } from './frame-sink';
import { withoutChecksum } from './frames';
import { createJsonSink } from './json-sink';
import { createPerchSink } from './perch-sink';
import { startProfiler } from './profiler';
import { loadRecording } from './record';
import { createSdkSink } from './sdk-sink';
import { IN_PROCESS_IMPLS, type InProcessImpl, type TimedPass } from './results';
import type { BenchExchange } from './stream-spec';

/**
 * One implementation over the mixes it runs on, in a process of its own (its own JIT and heap) kept
 * alive for the whole interleaved run: one sink per mix, each warmed up; it says `ready` with each mix's
 * frame count, then answers one stdin command per line with one JSON line on stdout. `pass MIX` times one
 * pass; `profile MIX N FILE` runs N passes under V8's CPU profiler and writes the profile; `end` answers
 * each mix's best bid and exits.
 */
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
 * Pushes every frame once. CPU time (user + system, every thread, GC helpers included) leaves out the
 * time this process waited for a core on a shared machine, so it is the steadier of the two rates.
 */
function pass(sink: FrameSink, frames: readonly string[]): TimedPass {
  const before = sink.delivered();
  const startCpu = process.cpuUsage();
  const started = performance.now();
  for (const frame of frames) sink.push(frame);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(startCpu);
  return {
    cpu: (frames.length * 1e6) / (cpu.user + cpu.system),
    wall: (frames.length * 1000) / wallMs,
    delivered: sink.delivered() - before,
  };
}

const answer = (value: object): void => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
};

interface MixRun {
  readonly sink: FrameSink;
  readonly frames: readonly string[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      impl: { type: 'string' },
      exchange: { type: 'string' },
      mixes: { type: 'string', default: 'recorded' },
      pushes: { type: 'string' },
    },
  });
  const impl = IN_PROCESS_IMPLS.find((name) => name === values.impl);
  const mixes = values.mixes.split(',').map((name) => MIXES.find((mix) => mix === name));
  const exchange = values.exchange === 'okx' || values.exchange === 'bybit' ? values.exchange : undefined;
  if (impl === undefined || exchange === undefined || mixes.includes(undefined))
    throw new Error('usage: --impl NAME --exchange okx|bybit --mixes NAME,NAME --pushes N');
  const recording = (await loadRecording(Number(values.pushes)))[exchange];
  const strip = impl === 'perch-nochecksum' ? withoutChecksum : (text: string) => text;
  const runs = new Map<Mix, MixRun>();
  for (const mix of mixes) {
    if (mix === undefined) continue;
    const sink = await createSink(impl, exchange);
    for (const frame of recording.preamble) sink.push(frame);
    runs.set(mix, { sink, frames: mixFrames(recording.pushes, mix).map(strip) });
  }
  // Untimed passes open every book with its snapshot and let the JIT settle: with one, the timed passes
  // of the implementations with the most code still sped up pass after pass (Perch's by up to 1.7x).
  // Counted in frames, three passes of every mix's length, so a process holding one mix warms as long
  // as one holding four (the optimising compiler works on a thread of its own, and the CPU time it
  // still needed would land in the first timed passes).
  const warmUps = [...runs.values()];
  const warmUpFrames = WARM_UP_PASSES * MIXES.length * recording.pushes.length;
  for (let i = 0, warmed = 0; warmed < warmUpFrames; i++) {
    const run = warmUps[i % warmUps.length];
    if (run === undefined) break;
    pass(run.sink, run.frames);
    warmed += run.frames.length;
  }
  const loaded = [...runs].map(([mix, run]) => [
    mix,
    { frames: run.frames.length, count: countMix(run.frames) },
  ]);
  answer({ mixes: Object.fromEntries(loaded) as unknown });
  const runOf = (mix: string | undefined): MixRun => {
    const run = runs.get(mix as Mix);
    if (run === undefined) throw new Error(`${impl} does not run the mix ${String(mix)}`);
    return run;
  };
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, mix, count, file] = line.trim().split(' ');
    if (command === 'pass') {
      const run = runOf(mix);
      answer(pass(run.sink, run.frames));
    } else if (command === 'profile' && file !== undefined) {
      const run = runOf(mix);
      const profiler = await startProfiler();
      for (let i = 0; i < Number(count); i++) pass(run.sink, run.frames);
      await profiler.stop(file);
      answer({ profiled: file });
    } else if (command === 'end') {
      answer(Object.fromEntries([...runs].map(([name, run]) => [name, run.sink.bestBid() ?? null])));
      process.exit(0);
    } else throw new Error(`unknown command: ${line}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

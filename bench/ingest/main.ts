import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { selfTimes, type CpuProfile } from './cpu-profile';
import { readProfile } from './profile-reading';
import { MIXES, type Mix, type MixCount } from './frame-mix';
import { ingestNotes } from './ingest-notes';
import {
  implsFor,
  IN_PROCESS_IMPLS,
  LOOPBACK_IMPLS,
  type InProcessImpl,
  type InProcessResult,
  type LoopbackResult,
  type TimedPass,
} from './results';
import { runChild, startCommandChild, startSimProcess } from './processes';
import { rotated } from '../report/rounds';
import { loadRecording } from './record';
import { buildIngestResult } from './report';
import { BENCH_EXCHANGES, type BenchExchange } from './stream-spec';
import { verifyInProcess } from './verify';
import { errorMessage } from '../../src/exchanges/errors';

/**
 * The ingest part of `npm run bench`: one recorded stream of books and tickers per exchange, cut into
 * four mixes (frame-mix.ts), through Perch's per-frame path, ccxt.pro, okx-api/bybit-api and bare
 * JSON.parse, each in a long-lived child process of its own, in interleaved rounds; a CPU profile of
 * Perch's path; then the same clients on real sockets to the simulator, all at one message rate. Writes
 * a PartResult. `--scale 0.1` shortens everything for a quick look.
 */
const FULL_PUSHES_PER_EXCHANGE = 100_000;
/** Rounds of one timed pass per implementation: the ratios are the median of the per-round ones. */
const ROUNDS = 7;
const PROFILED_PASSES = 2;
/**
 * Load mode's rate for the loopback rows: one every client takes in full (the slowest needs about 45 µs
 * of CPU a message here), so each receives the same messages at the same rate and their CPU per message
 * compares like with like.
 */
export const LOOPBACK_RATE = 4_000;
/** Measured per loopback client, after a second's warm-up. */
const LOOPBACK_WINDOW_MS = 2_500;
const SEED = 7;
const TOP_FUNCTIONS = 6;
/**
 * Profile entries that are not the per-frame path: the idle loop, V8's own bookkeeping, and the
 * inspector's `dispatch`, in which Profiler.stop builds the profile it hands over.
 */
const NOT_THE_PATH = new Set(['(idle)', '(program)', 'dispatch']);
const PROFILE_DIR = new URL('../.cache/profiles/', import.meta.url);
const REPO_URL = new URL('../../', import.meta.url).href;

const startedAt = performance.now();
const log = (line: string): void => {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0);
  process.stderr.write(`ingest ${seconds} s: ${line}\n`);
};

interface ChildReady {
  readonly mixes: Readonly<Partial<Record<Mix, { readonly frames: number; readonly count: MixCount }>>>;
}

/**
 * One exchange: each implementation in a long-lived process of its own holding every mix it runs on
 * (started and warmed side by side, untimed), then `ROUNDS` rounds in which, mix by mix, each
 * implementation times one pass, the order turned each round. Then Perch's process runs passes of the
 * recorded stream under the CPU profiler into `profile`.
 */
async function runExchange(
  exchange: BenchExchange,
  pushes: number,
  profile: string,
): Promise<InProcessResult[]> {
  const mixesOf = (impl: InProcessImpl) => MIXES.filter((mix) => implsFor(exchange, mix).includes(impl));
  const children = new Map(
    await Promise.all(
      IN_PROCESS_IMPLS.map(
        async (impl) =>
          [
            impl,
            await startCommandChild<ChildReady>('bench/ingest/inprocess-child.ts', [
              ...['--impl', impl, '--exchange', exchange, '--pushes', String(pushes)],
              ...['--mixes', mixesOf(impl).join(',')],
            ]),
          ] as const,
      ),
    ),
  );
  const child = (impl: InProcessImpl) => {
    const found = children.get(impl);
    if (found === undefined) throw new Error(`no process for ${impl}`);
    return found;
  };
  const passes = new Map<string, TimedPass[]>();
  for (let round = 0; round < ROUNDS; round++)
    for (const mix of MIXES)
      for (const impl of rotated(implsFor(exchange, mix), round)) {
        const key = `${impl} ${mix}`;
        passes.set(key, [...(passes.get(key) ?? []), await child(impl).command<TimedPass>(`pass ${mix}`)]);
      }
  await child('perch').command(`profile recorded ${String(PROFILED_PASSES)} ${profile}`);
  const results: InProcessResult[] = [];
  for (const impl of IN_PROCESS_IMPLS) {
    const { ready } = child(impl);
    const bids = await child(impl).command<Partial<Record<Mix, string | null>>>('end');
    for (const mix of mixesOf(impl)) {
      const loaded = ready.mixes[mix];
      if (loaded === undefined) throw new Error(`${impl} did not load the mix ${mix}`);
      const timed = passes.get(`${impl} ${mix}`) ?? [];
      log(`${exchange} ${mix} ${impl}: ${timed.map(({ cpu }) => Math.round(cpu)).join(', ')} msg/CPU-s`);
      results.push({ impl, exchange, mix, ...loaded, passes: timed, bestBid: bids[mix] ?? undefined });
    }
  }
  return results;
}

/** Perch's profile of the recorded stream: the functions with the most self time, in µs per frame. */
async function readPerchProfile(exchange: BenchExchange, file: string, frames: number): Promise<string> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const profiled = frames * PROFILED_PASSES;
  const times = selfTimes(profile, REPO_URL).filter(({ where }) => !NOT_THE_PATH.has(where));
  const total = times.reduce((sum, { micros }) => sum + micros, 0) / profiled;
  const hottest = times.slice(0, TOP_FUNCTIONS);
  const top = hottest.map(({ where, micros }) => `${where} ${(micros / profiled).toFixed(2)}`).join('; ');
  const readings = readProfile(hottest.map(({ where }) => where));
  return (
    `Profile of Perch's ${exchange === 'okx' ? 'OKX' : 'Bybit'} path (V8 CPU profiler over ${String(PROFILED_PASSES)} ` +
    `passes of the recorded stream, ${total.toFixed(2)} µs of CPU per frame in all): the most self time, in µs per frame: ${top}. ` +
    `What they are and what would lift them: ${readings.join('; ')}.`
  );
}

async function runInProcess(pushes: number): Promise<{ results: InProcessResult[]; profiles: string[] }> {
  await mkdir(PROFILE_DIR, { recursive: true });
  const results: InProcessResult[] = [];
  const profiles: string[] = [];
  for (const exchange of BENCH_EXCHANGES) {
    const file = fileURLToPath(new URL(`perch-${exchange}.cpuprofile`, PROFILE_DIR));
    const exchangeResults = await runExchange(exchange, pushes, file);
    results.push(...exchangeResults);
    const recorded = exchangeResults.find((result) => result.mix === 'recorded');
    profiles.push(await readPerchProfile(exchange, file, recorded?.frames ?? 0));
  }
  return { results, profiles };
}

async function runLoopback(windowMs: number): Promise<LoopbackResult[]> {
  const sim = await startSimProcess(LOOPBACK_RATE, SEED);
  const results: LoopbackResult[] = [];
  const address = ['--url', sim.url, '--ws-url', sim.wsUrl];
  try {
    // A fresh simulator serves its first client slowly (JIT, market history): one bare client per
    // exchange warms it, unmeasured.
    for (const exchange of BENCH_EXCHANGES)
      await runChild('bench/ingest/loopback-child.ts', [
        '--impl',
        'JSON.parse',
        '--exchange',
        exchange,
        ...address,
        '--window-ms',
        '1000',
      ]);
    for (const exchange of BENCH_EXCHANGES)
      for (const impl of LOOPBACK_IMPLS) {
        const args = ['--impl', impl, '--exchange', exchange, ...address];
        const timing = ['--warm-up-ms', String(Math.min(1000, windowMs)), '--window-ms', String(windowMs)];
        const result = await runChild<LoopbackResult>('bench/ingest/loopback-child.ts', [...args, ...timing]);
        log(`${exchange} loopback ${impl}: ${Math.round(result.messagesPerSecond)} msg/s`);
        results.push(result);
      }
  } finally {
    await sim.stop();
  }
  return results;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '1' }, out: { type: 'string' } },
  });
  const scale = Number(values.scale);
  if (!(scale > 0) || values.out === undefined) throw new Error('usage: main.ts [--scale 0.1] --out FILE');
  const pushes = Math.max(2_000, Math.round(FULL_PUSHES_PER_EXCHANGE * scale));
  const windowMs = Math.max(1_000, Math.round(LOOPBACK_WINDOW_MS * Math.min(1, scale * 2)));
  log(`recording ${pushes} pushes per exchange (cached in bench/.cache)`);
  await loadRecording(pushes);
  const { results: inProcess, profiles: profileNotes } = await runInProcess(pushes);
  const problems = verifyInProcess(inProcess);
  if (problems.length > 0)
    throw new Error(`an implementation did not process the frames: ${problems.join('; ')}`);
  const loopback = await runLoopback(windowMs);
  const result = buildIngestResult({
    inProcess,
    loopback,
    profileNotes,
    context: ingestNotes({
      pushes,
      seed: SEED,
      rounds: ROUNDS,
      loopbackRate: LOOPBACK_RATE,
      windowMs,
      loopback,
    }),
  });
  await writeFile(values.out, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${values.out}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`ingest bench failed: ${errorMessage(error)}\n`);
  process.exit(1);
});

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { selfTimes, type CpuProfile } from './cpu-profile';
import { readProfile } from './profile-reading';
import { IN_PROCESS_IMPLS, LOOPBACK_IMPLS, type InProcessResult, type LoopbackResult } from './results';
import { runChild, startSimProcess } from './processes';
import { loadRecording } from './record';
import { buildIngestResult } from './report';
import { BENCH_EXCHANGES, type BenchExchange } from './stream-spec';
import { verifyInProcess } from './verify';
import { errorMessage } from '../../src/exchanges/errors';

/**
 * The ingest part of `npm run bench`: one recorded stream of books and tickers per exchange through
 * Perch's per-frame path, ccxt.pro, okx-api/bybit-api and bare JSON.parse, each in a child process of its
 * own; then the same clients on real sockets to the simulator in load mode; then a CPU profile of Perch's
 * path. Writes a PartResult. `--scale 0.1` shortens everything for a quick look.
 */
const FULL_PUSHES_PER_EXCHANGE = 100_000;
const PASSES = 4;
const PROFILED_PASSES = 2;
/** Load mode's total rate for the loopback rows: above what one simulator process delivers here. */
const LOOPBACK_RATE = 30_000;
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

async function runInProcess(pushes: number): Promise<InProcessResult[]> {
  const results: InProcessResult[] = [];
  for (const exchange of BENCH_EXCHANGES)
    for (const impl of IN_PROCESS_IMPLS) {
      const args = [
        '--impl',
        impl,
        '--exchange',
        exchange,
        '--pushes',
        String(pushes),
        '--passes',
        String(PASSES),
      ];
      const result = await runChild<InProcessResult>('bench/ingest/inprocess-child.ts', args);
      log(`${exchange} in-process ${impl}: ${result.passes.map(Math.round).join(', ')} msg/CPU-s`);
      results.push(result);
    }
  return results;
}

/** Perch's in-process path under the CPU profiler: the functions with the most self time, in µs per frame. */
async function profilePerch(exchange: BenchExchange, pushes: number): Promise<string> {
  await mkdir(PROFILE_DIR, { recursive: true });
  const file = fileURLToPath(new URL(`perch-${exchange}.cpuprofile`, PROFILE_DIR));
  const args = ['--impl', 'perch', '--exchange', exchange, '--pushes', String(pushes)];
  await runChild<InProcessResult>('bench/ingest/inprocess-child.ts', [
    ...args,
    '--passes',
    String(PROFILED_PASSES),
    '--profile',
    file,
  ]);
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const frames = pushes * PROFILED_PASSES;
  const times = selfTimes(profile, REPO_URL).filter(({ where }) => !NOT_THE_PATH.has(where));
  const total = times.reduce((sum, { micros }) => sum + micros, 0) / frames;
  const hottest = times.slice(0, TOP_FUNCTIONS);
  const top = hottest.map(({ where, micros }) => `${where} ${(micros / frames).toFixed(2)}`).join('; ');
  const readings = readProfile(hottest.map(({ where }) => where));
  return (
    `Profile of Perch's ${exchange === 'okx' ? 'OKX' : 'Bybit'} path (V8 CPU profiler over ${PROFILED_PASSES} ` +
    `timed passes, ${total.toFixed(2)} µs of CPU per frame in all): the most self time, in µs per frame: ${top}. ` +
    `What they are and what would lift them: ${readings.join('; ')}.`
  );
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

function context(pushes: number, windowMs: number, loopback: readonly LoopbackResult[]): string[] {
  const fastest = Math.max(...loopback.map((result) => result.messagesPerSecond));
  return [
    `Recorded stream: ${pushes} pushes per exchange (${2 * pushes} in all) from the simulator in load mode over a ` +
      `real socket (seed ${SEED}): OKX books (400-level snapshot, then updates with checksums) and tickers, Bybit ` +
      `orderbook.50 and tickers (snapshot, then deltas), three perpetuals each. In-process: each implementation in ` +
      `its own process, three warm-up passes, then the median of ${PASSES} passes, in messages per second of the ` +
      "process's CPU time (user + system, all threads): the machine is shared, and wall time would count the " +
      "time a process waited for a core (the wall-clock median is in each figure's note).",
    'Perch in-process runs the real Exchange (createExchange, streams.subscribe of books and quotes) on a socket the ' +
      'bench pushes frames into: classify, parse, book apply with checks, model event to the subscriber. ' +
      'The checksum-off row sends the same frames with the OKX checksum field removed before timing (Perch checks ' +
      'a checksum only when the update carries one); on Bybit there is no checksum, so the row only repeats Perch.',
    'ccxt.pro in-process: its WebSocket client entry (JSON.parse as ccxt does it, then handleMessage) with the ' +
      'subscriptions set up by watchOrderBook/watchTicker and the client never connected; the awaiting user loop ' +
      'is not in the in-process figure (it is in the loopback one). ccxt 4.5 no longer verifies OKX checksums, ' +
      'so ingest.okx.perch-nochecksum/ccxt.pro is the like-for-like OKX ratio.',
    'okx-api and bybit-api keep no order book and merge no ticker delta: their figure is parse and emit only, ' +
      'each frame through the WebsocketClient raw message handler as its socket would call it.',
    `Loopback: the simulator's CLI in its own process at --rate ${LOOPBACK_RATE}, each client in its own process on ` +
      `a real socket to it, ${windowMs} ms measured after a warm-up; the fastest client saw ` +
      `${Math.round(fastest)} msg/s. The bare client's rate (ws + JSON.parse) is the simulator's delivery rate ` +
      '(the figure the former bench/sim-load.ts gave). One simulator process delivers less than the clients can take, so the ' +
      'rates mostly measure the simulator (and the machine); the comparable figure is the client CPU per ' +
      "message, and the loopback ratios are the peer's CPU per message over Perch's. Fixed per-wakeup costs " +
      'weigh more on a client that receives fewer messages. Perch also subscribes mark-price and funding-rate ' +
      'on OKX for a quote (a few heartbeat pushes a second, counted as its ticker events).',
    `Machine: ${availableParallelism()} cores shared with other jobs (load average ${loadavg()[0]?.toFixed(1) ?? '?'} ` +
      `at the end), Node ${process.version}. Figures move by tens of per cent between runs.`,
  ];
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
  const inProcess = await runInProcess(pushes);
  const problems = verifyInProcess(inProcess);
  if (problems.length > 0)
    throw new Error(`an implementation did not process the frames: ${problems.join('; ')}`);
  const profileNotes: string[] = [];
  for (const exchange of BENCH_EXCHANGES) profileNotes.push(await profilePerch(exchange, pushes));
  log('profiled');
  const loopback = await runLoopback(windowMs);
  const result = buildIngestResult({
    inProcess,
    loopback,
    profileNotes,
    context: context(pushes, windowMs, loopback),
  });
  await writeFile(values.out, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${values.out}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`ingest bench failed: ${errorMessage(error)}\n`);
  process.exit(1);
});

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import WebSocket from 'ws';
import { startSimulator } from '../../sim/index';
import { BENCH_EXCHANGES, isMarketPush, STREAMS, type BenchExchange } from './stream-spec';

/** One exchange's recorded socket: its acks (fed first), and its pushes as sent. */
export interface RecordedSocket {
  readonly preamble: readonly string[];
  readonly pushes: readonly string[];
}

export type Recording = Readonly<Record<BenchExchange, RecordedSocket>>;

const CACHE_DIR = new URL('../.cache/', import.meta.url);
/** Load mode's total rate while recording: as fast as the simulator goes on one core. */
const RECORD_RATE = 60_000;
const SEED = 7;

export const recordingFile = (pushesPerExchange: number): URL =>
  new URL(`ingest-seed${SEED}-${pushesPerExchange}.json`, CACHE_DIR);

/**
 * Records `pushesPerExchange` book and ticker pushes per exchange from the simulator in load mode, over a
 * real socket, exactly as sent (deterministic in content by seed; the mix of books and tickers follows
 * the load driver). Cached on disk: a later run reads the file.
 */
export async function loadRecording(pushesPerExchange: number): Promise<Recording> {
  const file = recordingFile(pushesPerExchange);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Recording;
  } catch {
    const recording = await record(pushesPerExchange);
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(file, JSON.stringify(recording));
    return recording;
  }
}

async function record(pushesPerExchange: number): Promise<Recording> {
  const sim = await startSimulator({ seed: SEED, rate: RECORD_RATE });
  try {
    const [okx, bybit] = await Promise.all(
      BENCH_EXCHANGES.map((exchange) =>
        recordSocket(`${sim.wsUrl}${STREAMS[exchange].path}`, exchange, pushesPerExchange),
      ),
    );
    if (okx === undefined || bybit === undefined) throw new Error('a socket recorded nothing');
    return { okx, bybit };
  } finally {
    await sim.stop();
  }
}

function recordSocket(url: string, exchange: BenchExchange, count: number): Promise<RecordedSocket> {
  const socket = new WebSocket(url);
  const preamble: string[] = [];
  const pushes: string[] = [];
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.send(STREAMS[exchange].subscribeFrame);
    });
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      if (pushes.length >= count) return;
      const text = data.toString('utf8');
      if (isMarketPush(JSON.parse(text))) pushes.push(text);
      else preamble.push(text);
      if (pushes.length === count) {
        socket.close();
        resolve({ preamble, pushes });
      }
    });
  });
}

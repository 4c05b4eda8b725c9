import { availableParallelism, loadavg } from 'node:os';
import { QUOTE_HEAVY_TICKER_SHARE } from './frame-mix';
import type { LoopbackResult } from './results';
import { BENCH_EXCHANGES } from './stream-spec';

export interface IngestRun {
  readonly pushes: number;
  readonly seed: number;
  readonly rounds: number;
  readonly loopbackRate: number;
  readonly windowMs: number;
  readonly loopback: readonly LoopbackResult[];
}

/** The loopback clients' received rates, per exchange: the same rate for all is what makes them comparable. */
function loopbackRates(loopback: readonly LoopbackResult[]): string {
  return BENCH_EXCHANGES.map((exchange) => {
    const rates = loopback.filter((r) => r.exchange === exchange).map((r) => r.messagesPerSecond);
    return `${exchange === 'okx' ? 'OKX' : 'Bybit'} ${String(Math.round(Math.min(...rates)))}–${String(Math.round(Math.max(...rates)))} msg/s`;
  }).join(', ');
}

/** How the ingest part measured, for the docs' notes under its table. */
export function ingestNotes(run: IngestRun): string[] {
  const tickerPercent = String(Math.round(QUOTE_HEAVY_TICKER_SHARE * 100));
  return [
    `Recorded stream: ${String(run.pushes)} pushes per exchange from the simulator in load mode over a real socket ` +
      `(seed ${String(run.seed)}): OKX books (400-level snapshot, then updates with checksums) and tickers, Bybit ` +
      'orderbook.50 and tickers (snapshot, then deltas), three perpetuals each. Four mixes are cut from it, each ' +
      "channel's frames kept in their order and the mix repeated whole to the recording's length: the stream as " +
      `recorded; quotes (every ticker frame and the first book frames, ${tickerPercent} % tickers, spread evenly); ` +
      'ticker frames alone; book frames alone. Each ratio says its mix.',
    'In-process: each implementation in a long-lived process of its own (its JIT and heap) holding every mix ' +
      'it runs on, warmed untimed by as many frames as three passes of each of the four mixes; then ' +
      `${String(run.rounds)} rounds in which each implementation times one pass, the order ` +
      "turned by one each round, mix by mix. A figure is the median of its passes in messages per second of the process's " +
      'CPU time (user + system, all threads; wall time would count the waits for a core on a shared machine), ' +
      'and a ratio is the median of the per-round ratios, with their range: two passes of a round run seconds ' +
      'apart, so a neighbour that slows the machine for a while weighs on both.',
    'Perch in-process runs the real Exchange (createExchange, streams.subscribe of books and quotes) on a socket the ' +
      'bench pushes frames into: JSON.parse, routing to the push parser, book apply with checks, model event to the subscriber. ' +
      'The checksum-off row sends the same frames with the OKX checksum field removed before timing (Perch checks ' +
      'a checksum only when the update carries one); on Bybit there is no checksum, so that row runs the same ' +
      'code as Perch: ingest.bybit.perch/perch-nochecksum is a control that should read 1.00.',
    'ccxt.pro in-process: its WebSocket client entry (JSON.parse as ccxt does it, then handleMessage) with the ' +
      'subscriptions set up by watchOrderBook/watchTicker and the client never connected; the awaiting user loop ' +
      'is not in the in-process figure (it is in the loopback one). ccxt 4.5 no longer verifies OKX checksums, ' +
      'so ingest.okx.perch-nochecksum/ccxt.pro is the like-for-like OKX ratio.',
    'okx-api and bybit-api keep no order book and merge no ticker delta: their figure is parse and emit only, ' +
      'each frame through the WebsocketClient raw message handler as its socket would call it.',
    `Loopback: the simulator's CLI in its own process at --rate ${String(run.loopbackRate)}, a rate every client ` +
      `takes in full, and each client in its own process on a real socket to it, ${String(run.windowMs)} ms ` +
      `measured after a warm-up; received: ${loopbackRates(run.loopback)}. All clients get the same messages at ` +
      "the same rate, so the comparable figure is the client's CPU per message (transport included), and the " +
      "loopback ratios are the peer's CPU per message over Perch's. Perch also subscribes mark-price and " +
      'funding-rate on OKX for a quote (a few heartbeat pushes a second, counted as its ticker events).',
    `Machine: ${String(availableParallelism())} cores (load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the ` +
      `end), Node ${process.version}.`,
  ];
}

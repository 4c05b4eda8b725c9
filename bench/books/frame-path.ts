/**
 * The product's whole per-frame path, frame by frame: a socket group of createOkxStreams or
 * createBybitStreams (what the Exchange runs) on a socket the harness holds, each frame handed to the
 * socket's onmessage as the browser would, through the frame's parse, the push parser, the book and the model
 * event the group emits. µs per frame for OKX books and tickers, Bybit orderbook.200 and tickers.
 *
 * Run alone: node --import tsx bench/books/frame-path.ts [--scale 0.1]
 * Profile:   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/books/frame-path.ts
 */
import { performance } from 'node:perf_hooks';
import { createBybitStreams } from '../../src/exchanges/bybit/streams';
import type { StreamEvent } from '../../src/exchanges/model';
import { createOkxStreams } from '../../src/exchanges/okx/streams';
import type { StreamGroupOptions } from '../../src/exchanges/transport/socket-group';
import type { Timers } from '../../src/exchanges/transport/timers';
import type { TopicRequest, WebSocketLike } from '../../src/exchanges/transport/socket-types';
import { generateBookStream } from './book-generator';
import { BYBIT_SYMBOL, OKX_INST_ID, bybitBookFrames, okxBookFrames } from './exchange-frames';
import { median } from '../report/stats';
import { readScale } from './measure';
import { bybitTickerFrames, okxTickerFrames } from './ticker-frames';

/** One kind of frame: what sends it, and the frames before `timedFrom` (a book's snapshot) go untimed. */
export interface FrameKind {
  readonly id: string;
  readonly label: string;
  readonly exchange: 'okx' | 'bybit';
  readonly topic: TopicRequest;
  readonly frames: readonly string[];
  readonly timedFrom: number;
}

export interface FramePathResult {
  readonly kind: FrameKind;
  readonly microsPerFrame: number;
  /** Bare JSON.parse of the same frames: the ceiling no client passes. */
  readonly microsPerJsonParse: number;
  /** The last model event the path emitted: the bench checks it against what the frames said. */
  readonly lastEvent: StreamEvent | undefined;
}

/** A socket the harness answers for: it only needs to accept what the manager sends. */
function heldSocket(): { readonly socket: WebSocketLike; readonly create: (url: string) => WebSocketLike } {
  const socket: WebSocketLike = {
    send: () => undefined,
    close: () => undefined,
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
  };
  return { socket, create: () => socket };
}

/**
 * Timers that run only what is due at once (the connection's opening): heartbeats, pong and ack
 * timeouts never fire, so a long tight loop is never taken for a dead socket.
 */
function dueNowTimers(): Timers {
  const cancelled = new Set<unknown>();
  return {
    setTimeout: (callback, ms) => {
      const handle = {};
      if (ms <= 0)
        setImmediate(() => {
          if (!cancelled.has(handle)) callback();
        });
      return handle;
    },
    clearTimeout: (handle) => cancelled.add(handle),
  };
}

/** A connected socket group for `kind`, and the function that hands it one frame. */
async function framePath(kind: FrameKind, onEvent: (event: StreamEvent) => void) {
  const held = heldSocket();
  const problems: string[] = [];
  const options: StreamGroupOptions<string> = {
    createSocket: held.create,
    clock: { now: () => Date.now() },
    timers: dueNowTimers(),
    onStreamEvent: (_key, event) => {
      onEvent(event);
    },
    onSocketEvent: (_key, event) => {
      if (event.type === 'error') problems.push(event.message);
    },
  };
  const hosts = { wsBaseUrl: 'ws://127.0.0.1:9' };
  const group =
    kind.exchange === 'okx'
      ? createOkxStreams({ ...options, hosts })
      : createBybitStreams({ ...options, hosts });
  group.subscribe([kind.topic]);
  await new Promise((resolve) => setImmediate(resolve));
  held.socket.onopen?.({});
  return {
    deliver: (frame: string): void => {
      held.socket.onmessage?.({ data: frame });
    },
    /** Throws what the path reported as wrong (an unparseable frame, a failed book check). */
    assertQuiet: (): void => {
      if (problems.length > 0)
        throw new Error(`${kind.label}: ${problems.length} problems, first: ${problems[0]}`);
    },
  };
}

/** µs per frame, the median of `rounds` passes over the frames after one untimed pass. */
export async function measureFramePath(kind: FrameKind, rounds: number): Promise<FramePathResult> {
  let lastEvent: StreamEvent | undefined;
  const { deliver, assertQuiet } = await framePath(kind, (event) => {
    lastEvent = event;
  });
  const pass = (): number => {
    for (let i = 0; i < kind.timedFrom; i++) deliver(kind.frames[i] ?? '');
    const start = performance.now();
    for (let i = kind.timedFrom; i < kind.frames.length; i++) deliver(kind.frames[i] ?? '');
    return ((performance.now() - start) * 1000) / (kind.frames.length - kind.timedFrom);
  };
  pass();
  const microsPerFrame = median(Array.from({ length: rounds }, pass));
  assertQuiet();
  const parseOnly = (): number => {
    let keys = 0;
    const start = performance.now();
    for (let i = kind.timedFrom; i < kind.frames.length; i++)
      keys += Object.keys(JSON.parse(kind.frames[i] ?? '{}') as object).length;
    const micros = ((performance.now() - start) * 1000) / (kind.frames.length - kind.timedFrom);
    if (keys === 0) throw new Error('JSON.parse read nothing');
    return micros;
  };
  parseOnly();
  const microsPerJsonParse = median(Array.from({ length: rounds }, parseOnly));
  return { kind, microsPerFrame, microsPerJsonParse, lastEvent };
}

/** The four kinds of hot frame, `frames` of each (books: after their snapshot). */
export function hotFrameKinds(frames: number): FrameKind[] {
  const okxBooks = generateBookStream({ depth: 400, updates: frames, seed: 11, deletesOverflow: true });
  const bybitBooks = generateBookStream({ depth: 200, updates: frames, seed: 12, deletesOverflow: false });
  return [
    {
      id: 'okx.books',
      label: 'OKX books (400 levels, checksum)',
      exchange: 'okx',
      topic: { topic: 'books', payload: { instId: OKX_INST_ID } },
      frames: okxBookFrames(okxBooks),
      timedFrom: 1,
    },
    {
      id: 'okx.tickers',
      label: 'OKX tickers',
      exchange: 'okx',
      topic: { topic: 'tickers', payload: { instId: OKX_INST_ID } },
      frames: okxTickerFrames(frames),
      timedFrom: 0,
    },
    {
      id: 'bybit.orderbook',
      label: 'Bybit orderbook.200',
      exchange: 'bybit',
      topic: { topic: `orderbook.200.${BYBIT_SYMBOL}` },
      frames: bybitBookFrames(bybitBooks, 200),
      timedFrom: 1,
    },
    {
      id: 'bybit.tickers',
      label: 'Bybit tickers (linear: snapshot, then deltas)',
      exchange: 'bybit',
      topic: { topic: `tickers.${BYBIT_SYMBOL}` },
      frames: bybitTickerFrames(frames),
      timedFrom: 0,
    },
  ];
}

async function main(): Promise<void> {
  const scale = readScale(process.argv);
  for (const kind of hotFrameKinds(Math.round(50_000 * scale))) {
    const result = await measureFramePath(kind, 7);
    const share = ((100 * result.microsPerJsonParse) / result.microsPerFrame).toFixed(0);
    console.log(
      `${kind.label.padEnd(46)} ${result.microsPerFrame.toFixed(2)} µs/frame (JSON.parse alone ${result.microsPerJsonParse.toFixed(2)}: ${share} %)`,
    );
    if (process.argv.includes('--show')) console.log(JSON.stringify(result.lastEvent).slice(0, 300));
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await main();

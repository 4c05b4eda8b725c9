import type { Mix, MixCount } from './frame-mix';
import type { BenchExchange } from './stream-spec';

/** The in-process implementations, each run in a child process of its own (JIT isolation). */
export const IN_PROCESS_IMPLS = ['perch', 'perch-nochecksum', 'ccxt.pro', 'sdk', 'JSON.parse'] as const;
export type InProcessImpl = (typeof IN_PROCESS_IMPLS)[number];

/** One timed pass over a mix's frames, as a child answers it. */
export interface TimedPass {
  /** Messages per CPU second (user + system, every thread of the process). */
  readonly cpu: number;
  /** Messages per wall-clock second. */
  readonly wall: number;
  /** Model events or updates delivered in the pass. */
  readonly delivered: number;
}

/** One implementation's passes over one mix: one pass per round, in round order. */
export interface InProcessResult {
  readonly impl: InProcessImpl;
  readonly exchange: BenchExchange;
  readonly mix: Mix;
  readonly frames: number;
  readonly count: MixCount;
  readonly passes: readonly TimedPass[];
  readonly bestBid: string | undefined;
}

/** The loopback implementations: each a real client on a real socket to the simulator. */
export const LOOPBACK_IMPLS = ['perch', 'ccxt.pro', 'sdk', 'JSON.parse'] as const;
export type LoopbackImpl = (typeof LOOPBACK_IMPLS)[number];

/** What one loopback child prints as its last stdout line. */
export interface LoopbackResult {
  readonly impl: LoopbackImpl;
  readonly exchange: BenchExchange;
  readonly messages: number;
  readonly messagesPerSecond: number;
  /** The client process's CPU (user + system) per message processed, transport included. */
  readonly cpuMicrosPerMessage: number;
  /** Books that failed a check during the window (Perch only). */
  readonly resyncs: number;
}

/**
 * Who runs on which mix: the recorded stream takes every implementation (on Bybit, where there is no
 * checksum, the checksum-off row is the same code as Perch's: a control that should read 1.00); the
 * quote-heavy mix leaves the checksum switch out; ticker frames go against the SDKs, which merge no
 * delta, and book frames against ccxt, which keeps a book.
 */
export function implsFor(exchange: BenchExchange, mix: Mix): readonly InProcessImpl[] {
  switch (mix) {
    case 'recorded':
      return IN_PROCESS_IMPLS;
    case 'quotes':
      return ['perch', 'ccxt.pro', 'sdk', 'JSON.parse'];
    case 'tickers':
      return ['perch', 'sdk', 'JSON.parse'];
    case 'books':
      return exchange === 'okx'
        ? ['perch', 'perch-nochecksum', 'ccxt.pro', 'JSON.parse']
        : ['perch', 'ccxt.pro', 'JSON.parse'];
  }
}

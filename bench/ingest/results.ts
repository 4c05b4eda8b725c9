import type { BenchExchange } from './stream-spec';

/** The in-process implementations, each run in a child process of its own (JIT isolation). */
export const IN_PROCESS_IMPLS = ['perch', 'perch-nochecksum', 'ccxt.pro', 'sdk', 'JSON.parse'] as const;
export type InProcessImpl = (typeof IN_PROCESS_IMPLS)[number];

/** What one child prints as its last stdout line. */
export interface InProcessResult {
  readonly impl: InProcessImpl;
  readonly exchange: BenchExchange;
  readonly frames: number;
  /** Messages per CPU second of each timed pass over the whole recording. */
  readonly passes: readonly number[];
  /** Messages per wall-clock second of the same passes. */
  readonly wallPasses: readonly number[];
  /** Model events or updates delivered per pass. */
  readonly deliveredPerPass: number;
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

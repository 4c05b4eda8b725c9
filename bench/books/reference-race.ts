import { performance } from 'node:perf_hooks';
import { median } from '../report/stats';
import type { BookUpdate } from '../../src/exchanges/transport/socket-book';
import { createBookApplier, type BookCase } from './book-apply';
import type { CcxtBookApply } from './ccxt-book';
import { ratioSpread, type RatioSpread } from '../report/rounds';
import { interleaveRounds } from './round-ratios';

/** One stream raced against its same-run references. */
export interface ReferenceRaceInput<Update extends BookUpdate> {
  readonly bookCase: BookCase<Update>;
  /** The same pushes as the socket receives them, snapshot first. */
  readonly frames: readonly string[];
  readonly createCcxtBook: () => { apply: CcxtBookApply; depthOf: () => number };
}

export interface ReferenceRace {
  /** Perch's book code (checks, SocketBooks, the event of what changed), median of the rounds. */
  readonly perchUpdatesPerSecond: number;
  readonly ccxtUpdatesPerSecond: number;
  readonly jsonParseFramesPerSecond: number;
  /** How many times faster Perch ran than ccxt's order book, per round. */
  readonly perchOverCcxt: RatioSpread;
  /** Perch's book code as a share of `JSON.parse` of the same frames, per round. */
  readonly perchOverJsonParse: RatioSpread;
}

/**
 * Perch's book code, ccxt's order book fed the same updates as deltas, and `JSON.parse` of the same
 * frames, run in turn round by round (the order rotated each round); each timed over the stream's
 * updates from a fresh book that took the snapshot untimed. Throws if Perch refused an update.
 */
export function raceReferences<Update extends BookUpdate>(
  input: ReferenceRaceInput<Update>,
  rounds: number,
): ReferenceRace {
  const [snapshot, ...updates] = input.bookCase.updates;
  const [, ...frames] = input.frames;
  if (snapshot === undefined) throw new Error('a race needs a snapshot');
  let refused = 0;
  let parsedKeys = 0;
  const perch = (): number => {
    const apply = createBookApplier(input.bookCase);
    if (apply(snapshot) === undefined) refused++;
    const start = performance.now();
    for (const update of updates) if (apply(update) === undefined) refused++;
    return performance.now() - start;
  };
  const ccxt = (): number => {
    const book = input.createCcxtBook();
    book.apply(snapshot.bids, snapshot.asks);
    const start = performance.now();
    for (const update of updates) book.apply(update.bids, update.asks);
    const time = performance.now() - start;
    if (book.depthOf() === 0) throw new Error('ccxt emptied the book');
    return time;
  };
  const jsonParse = (): number => {
    const start = performance.now();
    for (const frame of frames) parsedKeys += Object.keys(JSON.parse(frame) as object).length;
    return performance.now() - start;
  };
  // One untimed round first: every implementation compiled before any is timed.
  interleaveRounds({ perch, ccxt, jsonParse }, 1);
  const times = interleaveRounds({ perch, ccxt, jsonParse }, rounds);
  if (refused > 0) throw new Error(`${input.bookCase.exchange}: the book refused ${refused} updates`);
  if (parsedKeys === 0) throw new Error('JSON.parse read nothing');
  const rate = (perRound: readonly number[]): number => (updates.length * 1000) / median(perRound);
  return {
    perchUpdatesPerSecond: rate(times.perch),
    ccxtUpdatesPerSecond: rate(times.ccxt),
    jsonParseFramesPerSecond: rate(times.jsonParse),
    perchOverCcxt: ratioSpread(times.ccxt, times.perch),
    perchOverJsonParse: ratioSpread(times.jsonParse, times.perch),
  };
}

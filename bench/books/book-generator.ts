import { OKX_CHECKSUM_DEPTH, referenceOkxChecksum, type WireLevel } from './okx-checksum';

/** What stream of book updates to generate. */
export interface BookStreamSpec {
  /** Levels per side the exchange keeps: 400 for OKX `books`, 200 for Bybit `orderbook.200`. */
  readonly depth: number;
  readonly updates: number;
  readonly seed: number;
  /**
   * OKX sends a size "0" for the level an insert pushes out of its depth; Bybit drops it without a
   * word and the client truncates (docs/protocol.md "OKX pushes", "Bybit pushes").
   */
  readonly deletesOverflow: boolean;
  /**
   * How many level changes one push makes, drawn evenly from min to max: 1 to 4 by default (a tick-by-tick
   * feed); 20 to 60 for the batched 100 ms pushes of OKX's `books` channel.
   */
  readonly changesPerUpdate?: { readonly min: number; readonly max: number };
}

/** One push: the changed levels best first (size "0" removes the price), and OKX's checksum after it. */
export interface GeneratedUpdate {
  readonly bids: readonly WireLevel[];
  readonly asks: readonly WireLevel[];
  readonly checksum: number;
}

export interface GeneratedBookStream {
  /** The whole book: what a subscribe, or a resync, starts from. */
  readonly snapshot: GeneratedUpdate;
  readonly updates: readonly GeneratedUpdate[];
  /** The best 25 levels of each side after the last update: what a client that applied them all holds. */
  readonly finalTop: { readonly bids: readonly WireLevel[]; readonly asks: readonly WireLevel[] };
}

/** One level of the generator's own book; prices are whole ticks of 0.1. */
interface Level {
  readonly tick: number;
  readonly size: string;
}

/** Each side of the book, best first, with the changes of the update being built. */
class Side {
  readonly levels: Level[] = [];
  readonly changes = new Map<number, string>();

  constructor(readonly better: (a: number, b: number) => boolean) {}

  get worst(): Level {
    const level = this.levels.at(-1);
    if (level === undefined) throw new Error('the generator emptied a side');
    return level;
  }

  set(tick: number, size: string): void {
    const index = this.indexOf(tick);
    if (this.levels[index]?.tick === tick) this.levels[index] = { tick, size };
    else this.levels.splice(index, 0, { tick, size });
    this.changes.set(tick, size);
  }

  remove(index: number, announced: boolean): void {
    const [level] = this.levels.splice(index, 1);
    if (level !== undefined && announced) this.changes.set(level.tick, '0');
  }

  /** The changes best first, emptied for the next update. */
  drain(): WireLevel[] {
    const ticks = [...this.changes.keys()].sort((a, b) => (this.better(a, b) ? -1 : 1));
    const levels = ticks.map((tick): WireLevel => [priceText(tick), this.changes.get(tick) ?? '0']);
    this.changes.clear();
    return levels;
  }

  top(count: number): WireLevel[] {
    return this.levels.slice(0, count).map((level) => [priceText(level.tick), level.size]);
  }

  private indexOf(tick: number): number {
    let low = 0;
    let high = this.levels.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const current = this.levels[middle]?.tick ?? 0;
      if (this.better(current, tick)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Where the market starts: 95,000.0, in ticks of 0.1. */
const START_TICK = 950_000;

/**
 * A deterministic stream of book pushes shaped like a busy perpetual's: one to four changed levels per
 * push unless told otherwise, most of them near the top (resized, inserted inside the book or the spread, deleted), the book
 * kept at its depth (a deleted level is replaced from below, as the exchange's view of a deeper book
 * would show), prices with a kept trailing zero ("95000.0", which the checksum must hash as sent).
 */
export function generateBookStream(spec: BookStreamSpec): GeneratedBookStream {
  const random = seededRandom(spec.seed);
  // Never a size that reads as zero ("0.0"): that would delete the level.
  const size = (): string => (0.1 + random() * 40).toFixed(random() < 0.5 ? 1 : 3);
  const bids = new Side((a, b) => a > b);
  const asks = new Side((a, b) => a < b);
  let bidTick = START_TICK;
  let askTick = START_TICK + 1;
  for (let i = 0; i < spec.depth; i++) {
    bids.set(bidTick, size());
    asks.set(askTick, size());
    bidTick -= 1 + Math.floor(random() * 3);
    askTick += 1 + Math.floor(random() * 3);
  }
  const push = (): GeneratedUpdate => {
    const checksum = referenceOkxChecksum(bids.top(OKX_CHECKSUM_DEPTH), asks.top(OKX_CHECKSUM_DEPTH));
    return { bids: bids.drain(), asks: asks.drain(), checksum };
  };
  const snapshot = push();
  /** Biased to the top: a cube of a uniform number is small most of the time. */
  const nearTop = (count: number): number => Math.floor(count * random() ** 3);
  const refill = (side: Side, direction: number): void => {
    if (side.levels.length < spec.depth) side.set(side.worst.tick - direction, size());
  };
  const change = (side: Side, opposite: Side, direction: number): void => {
    const choice = random();
    if (choice < 0.6) {
      const level = side.levels[nearTop(side.levels.length)];
      if (level !== undefined) side.set(level.tick, size());
    } else if (choice < 0.8) {
      const inside = (opposite.levels[0]?.tick ?? START_TICK) - direction;
      const span = Math.abs(inside - side.worst.tick);
      const tick = inside - direction * nearTop(span);
      side.set(tick, size());
      if (side.levels.length > spec.depth) side.remove(side.levels.length - 1, spec.deletesOverflow);
    } else {
      side.remove(nearTop(side.levels.length), true);
      refill(side, direction);
    }
  };
  const { min: fewest, max: most } = spec.changesPerUpdate ?? { min: 1, max: 4 };
  const updates: GeneratedUpdate[] = [];
  for (let i = 0; i < spec.updates; i++) {
    const changes = fewest + Math.floor(random() * (most - fewest + 1));
    for (let c = 0; c < changes; c++) {
      if (random() < 0.5) change(bids, asks, 1);
      else change(asks, bids, -1);
    }
    updates.push(push());
  }
  const finalTop = { bids: bids.top(OKX_CHECKSUM_DEPTH), asks: asks.top(OKX_CHECKSUM_DEPTH) };
  return { snapshot, updates, finalTop };
}

/** "95000.0" for tick 950000: one decimal always written, as OKX and Bybit send a 0.1-tick price. */
function priceText(tick: number): string {
  return `${Math.floor(tick / 10)}.${tick % 10}`;
}

/** mulberry32: a small seeded generator, so every run replays the same stream. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

import { BookSide } from '../transport/socket-book-side';

export interface BybitBookMessage {
  readonly type: 'snapshot' | 'delta';
  readonly ts: number;
  readonly data: {
    readonly s: string;
    readonly b: readonly (readonly string[])[];
    readonly a: readonly (readonly string[])[];
    readonly u: number;
    readonly seq: number;
  };
}

export type BybitBookApplyResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly problem: 'gap' | 'no-snapshot'; readonly detail: string };

/**
 * A Bybit `orderbook.{depth}.{symbol}` book (docs/protocol.md §7.2): a snapshot resets it, deltas follow
 * (size "0" deletes, else insert or replace), and `u == 1` means the service restarted: treat it as a
 * snapshot. The docs do not promise contiguous `u`, so a gap is an update id that goes backwards or
 * repeats on a delta; that leaves the book unusable until a fresh snapshot.
 */
export class BybitBook {
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  private lastUpdateId: number | undefined;
  private valid = false;
  ts = 0;

  constructor(private readonly depth: number) {}

  get isValid(): boolean {
    return this.valid;
  }

  apply(message: BybitBookMessage): BybitBookApplyResult {
    const { data } = message;
    if (message.type === 'snapshot' || data.u === 1) {
      this.bids.clear();
      this.asks.clear();
    } else if (!this.valid) {
      return { ok: false, problem: 'no-snapshot', detail: 'delta before a snapshot' };
    } else if (this.lastUpdateId !== undefined && data.u <= this.lastUpdateId) {
      this.valid = false;
      return {
        ok: false,
        problem: 'gap',
        detail: `update id ${data.u} does not follow ${this.lastUpdateId}`,
      };
    }
    for (const [price, size] of data.b)
      if (price !== undefined && size !== undefined) this.bids.apply(price, size);
    for (const [price, size] of data.a)
      if (price !== undefined && size !== undefined) this.asks.apply(price, size);
    this.bids.truncate(this.depth);
    this.asks.truncate(this.depth);
    this.lastUpdateId = data.u;
    this.ts = message.ts;
    this.valid = true;
    return { ok: true };
  }
}

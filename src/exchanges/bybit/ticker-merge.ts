import type { TickerEvent } from '../model';
import type { InstrumentKind } from '../model';
import { timeOrNone } from '../decimal';
import { bybitTickerEvent } from './map';
import type { BybitCategory } from './rest-api';
import { BYBIT_TICKER_TEXTS, type BybitTicker } from './schemas';
import { bybitKind } from './vocabulary';

type TickerText = (typeof BYBIT_TICKER_TEXTS)[number];
type KeptFields = { symbol: string } & Record<TickerText, string | undefined>;

interface KeptTicker {
  readonly fields: KeptFields;
  /** Read once from the category and symbol (a pattern test), not per push. */
  readonly kind: InstrumentKind;
  /**
   * `fields.nextFundingTime` as last read, and its time: read again only when a push changed the text
   * (a 13-digit text is a slow number to parse, and deltas rarely carry it).
   */
  fundingTimeText: string | undefined;
  fundingTime: number | undefined;
}

const READ_FIELDS: ReadonlySet<string> = new Set(BYBIT_TICKER_TEXTS);

/**
 * Every field written out, so the object is made with its final shape: one built field by field with
 * computed names would be held as a slow dictionary, and the mapping reads every field each push.
 */
function blankFields(symbol: string): KeptFields {
  return {
    symbol,
    lastPrice: undefined,
    bid1Price: undefined,
    bid1Size: undefined,
    ask1Price: undefined,
    ask1Size: undefined,
    bidPrice: undefined,
    bidSize: undefined,
    askPrice: undefined,
    askSize: undefined,
    markPrice: undefined,
    indexPrice: undefined,
    prevPrice24h: undefined,
    highPrice24h: undefined,
    lowPrice24h: undefined,
    volume24h: undefined,
    fundingRate: undefined,
    nextFundingTime: undefined,
    delta: undefined,
    gamma: undefined,
    vega: undefined,
    theta: undefined,
    markIv: undefined,
    markPriceIv: undefined,
  };
}

/**
 * Each instrument's ticker as its snapshot and the deltas after it left it (linear and inverse send only
 * the fields that changed; docs/protocol.md "Bybit pushes"). Only the fields Perch reads are kept, in one
 * object per instrument that each push changes in place (no merged copy per push); it is never handed
 * out: each push maps it to a new event, so an event already delivered never changes.
 */
export class BybitTickerMerge {
  private readonly kept = new Map<string, KeptTicker>();

  /** `item`: a ticker that passed its check; `delta`: it carries only what changed since the last push. */
  event(item: BybitTicker, delta: boolean, ts: number, category: BybitCategory): TickerEvent {
    let kept = this.kept.get(item.symbol);
    if (kept === undefined) {
      kept = {
        fields: blankFields(item.symbol),
        kind: bybitKind(category, item.symbol),
        fundingTimeText: undefined,
        fundingTime: undefined,
      };
      this.kept.set(item.symbol, kept);
    } else if (!delta) for (const field of BYBIT_TICKER_TEXTS) kept.fields[field] = undefined;
    const pushed = item as Record<string, unknown>;
    const target = kept.fields as Record<string, string | undefined>;
    // The push's own keys (a delta has a few), not every field Perch reads.
    for (const key in pushed) {
      const value = pushed[key];
      if (typeof value === 'string' && READ_FIELDS.has(key)) target[key] = value;
    }
    if (kept.fields.nextFundingTime !== kept.fundingTimeText) {
      kept.fundingTimeText = kept.fields.nextFundingTime;
      kept.fundingTime = timeOrNone(kept.fundingTimeText);
    }
    return bybitTickerEvent(kept.fields, ts, category, kept.kind, kept.fundingTime);
  }

  forget(symbol: string): void {
    this.kept.delete(symbol);
  }
}

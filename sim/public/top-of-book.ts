import type { InstrumentState, Market } from '../market/market';

/** Best bid and ask as strings, "" for an empty side: both exchanges' tickers carry them. */
export interface TopOfBook {
  bidPx: string;
  bidSz: string;
  askPx: string;
  askSz: string;
}

export function topOfBook(market: Market, state: InstrumentState): TopOfBook {
  const { instrument, book } = state;
  const bid = book.bids[0];
  const ask = book.asks[0];
  return {
    bidPx: bid ? market.formatPrice(instrument, bid.px) : '',
    bidSz: bid ? market.formatSize(instrument, bid.sz) : '',
    askPx: ask ? market.formatPrice(instrument, ask.px) : '',
    askSz: ask ? market.formatSize(instrument, ask.sz) : '',
  };
}

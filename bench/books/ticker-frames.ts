import { BYBIT_SYMBOL, OKX_INST_ID } from './exchange-frames';

const START_TS = 1_764_000_000_000;

/** A price that walks a few ticks around 95,000 from push to push, one decimal always written. */
function price(index: number, offset: number): string {
  return (95_000 + ((index * 7) % 23) / 10 + offset).toFixed(1);
}

/** OKX `tickers` pushes: each carries the whole ticker (docs/protocol.md "OKX pushes"). */
export function okxTickerFrames(count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      arg: { channel: 'tickers', instId: OKX_INST_ID },
      data: [
        {
          instType: 'SWAP',
          instId: OKX_INST_ID,
          last: price(index, 0),
          lastSz: '0.12',
          askPx: price(index, 0.1),
          askSz: String(10 + (index % 90)),
          bidPx: price(index, 0),
          bidSz: String(5 + (index % 70)),
          open24h: '94210.3',
          high24h: '95820.0',
          low24h: '93950.1',
          volCcy24h: '8520.33',
          vol24h: '852033',
          sodUtc0: '94800.2',
          sodUtc8: '94655.7',
          ts: String(START_TS + index),
        },
      ],
    }),
  );
}

/**
 * Bybit linear `tickers` pushes: one snapshot, then deltas holding only the fields that changed
 * (docs/protocol.md "Bybit pushes"), here the top of book and, every third push, the last price and mark.
 */
export function bybitTickerFrames(count: number): string[] {
  const snapshot = {
    symbol: BYBIT_SYMBOL,
    tickDirection: 'PlusTick',
    price24hPcnt: '0.0084',
    lastPrice: price(0, 0),
    prevPrice24h: '94210.3',
    highPrice24h: '95820.0',
    lowPrice24h: '93950.1',
    prevPrice1h: '94990.0',
    markPrice: price(0, 0),
    indexPrice: price(0, 0.2),
    openInterest: '52011.42',
    openInterestValue: '4940981012.31',
    turnover24h: '8011203332.12',
    volume24h: '84210.337',
    nextFundingTime: String(START_TS + 3_600_000),
    fundingRate: '0.0001',
    bid1Price: price(0, 0),
    bid1Size: '3.2',
    ask1Price: price(0, 0.1),
    ask1Size: '1.9',
  };
  return Array.from({ length: count }, (_, index) => {
    const moved = index % 3 === 0 ? { lastPrice: price(index, 0), markPrice: price(index, 0.1) } : {};
    const data =
      index === 0
        ? snapshot
        : {
            symbol: BYBIT_SYMBOL,
            bid1Price: price(index, 0),
            bid1Size: (1 + (index % 40) / 10).toFixed(1),
            ask1Price: price(index, 0.1),
            ask1Size: (2 + (index % 30) / 10).toFixed(1),
            ...moved,
          };
    return JSON.stringify({
      topic: `tickers.${BYBIT_SYMBOL}`,
      type: index === 0 ? 'snapshot' : 'delta',
      data,
      cs: 90_000_000 + index,
      ts: START_TS + index,
    });
  });
}

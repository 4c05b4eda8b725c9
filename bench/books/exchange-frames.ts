import type { BybitBookUpdate } from '../../src/exchanges/bybit/book';
import type { OkxBookUpdate } from '../../src/exchanges/okx/book';
import type { GeneratedBookStream, GeneratedUpdate } from './book-generator';
import type { WireLevel } from './okx-checksum';

/** The instruments the bench's frames name. */
export const OKX_INST_ID = 'BTC-USDT-SWAP';
export const BYBIT_SYMBOL = 'BTCUSDT';

/** Push times start here and advance a millisecond per push. */
const START_TS = 1_764_000_000_000;
/** OKX's first seqId; OKX's do not count by one, so each push advances it by two. */
const FIRST_SEQ_ID = 12_000_000;

/** OKX sends a level as [price, size, deprecated "0", order count] (docs/protocol.md "OKX pushes"). */
function okxLevel([price, size]: WireLevel): readonly string[] {
  return [price, size, '0', size === '0' ? '0' : '3'];
}

/** The stream as the OKX parser hands it to the book: snapshot first (prevSeqId -1), then updates. */
export function okxBookUpdates(stream: GeneratedBookStream): OkxBookUpdate[] {
  return pushes(stream).map((push, index) => ({
    replaces: index === 0,
    bids: push.bids.map(okxLevel),
    asks: push.asks.map(okxLevel),
    ts: START_TS + index,
    checksum: push.checksum,
    seqId: FIRST_SEQ_ID + 2 * index,
    prevSeqId: index === 0 ? -1 : FIRST_SEQ_ID + 2 * (index - 1),
  }));
}

/** The stream as the Bybit parser hands it to the book: update ids count by one (docs/protocol.md "Bybit pushes"). */
export function bybitBookUpdates(stream: GeneratedBookStream): BybitBookUpdate[] {
  return pushes(stream).map((push, index) => ({
    replaces: index === 0,
    bids: push.bids,
    asks: push.asks,
    ts: START_TS + index,
    updateId: 1000 + index,
  }));
}

/** OKX `books` frames as the socket receives them (docs/protocol.md "OKX pushes"). */
export function okxBookFrames(stream: GeneratedBookStream): string[] {
  return okxBookUpdates(stream).map((update) =>
    JSON.stringify({
      arg: { channel: 'books', instId: OKX_INST_ID },
      action: update.replaces ? 'snapshot' : 'update',
      data: [
        {
          asks: update.asks,
          bids: update.bids,
          ts: String(update.ts),
          checksum: update.checksum,
          prevSeqId: update.prevSeqId,
          seqId: update.seqId,
        },
      ],
    }),
  );
}

/** Bybit `orderbook.{depth}` frames as the socket receives them (docs/protocol.md "Bybit pushes"). */
export function bybitBookFrames(stream: GeneratedBookStream, depth: number): string[] {
  return bybitBookUpdates(stream).map((update, index) =>
    JSON.stringify({
      topic: `orderbook.${depth}.${BYBIT_SYMBOL}`,
      type: update.replaces ? 'snapshot' : 'delta',
      ts: update.ts,
      data: { s: BYBIT_SYMBOL, b: update.bids, a: update.asks, u: update.updateId, seq: 50_000 + index },
      cts: update.ts - 2,
    }),
  );
}

function pushes(stream: GeneratedBookStream): GeneratedUpdate[] {
  return [stream.snapshot, ...stream.updates];
}

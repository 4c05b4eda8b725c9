import type { InstrumentKind, PositionSlot } from '../model';
import { createNameTable } from '../name-table';
import type { OkxInstType, OkxPosSide } from './rest-api';

/** OKX's own names for the neutral instrument kinds and position slots (docs/protocol.md "OKX positions", "OKX instruments and tickers"). */

export const OKX_KINDS = createNameTable<InstrumentKind, OkxInstType>('OKX', 'instrument kind', {
  spot: 'SPOT',
  margin: 'MARGIN',
  perpetual: 'SWAP',
  future: 'FUTURES',
  option: 'OPTION',
});

export const OKX_SLOTS = createNameTable<PositionSlot, OkxPosSide>('OKX', 'position slot', {
  'one-way': 'net',
  long: 'long',
  short: 'short',
});

/** The family of a derivative ("BTC-USD" of "BTC-USD-261225-60000-C"): how OKX groups option data. */
export function okxInstFamily(instId: string): string {
  return instId.split('-').slice(0, 2).join('-');
}

/**
 * The kind of market an instId is of, from its shape: BTC-USDT (spot), BTC-USDT-SWAP (perpetual),
 * BTC-USD-261225 (future), BTC-USD-261225-60000-C (option). Market-data pushes name the instId alone
 * (mark-price and funding-rate carry no instType), and a margin pair's tickers are its spot pair's.
 */
export function okxMarketKind(instId: string): InstrumentKind {
  const parts = instId.split('-');
  if (parts.length <= 2) return 'spot';
  if (parts.length >= 5) return 'option';
  return parts[2] === 'SWAP' ? 'perpetual' : 'future';
}

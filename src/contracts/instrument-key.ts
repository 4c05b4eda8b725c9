import type { ExchangeId, InstrumentKind, PositionSlot } from '../exchanges';

/**
 * What names one instrument everywhere in Perch: its exchange, its kind and the exchange's own id. The
 * kind is part of it because an id alone is not unique: Bybit names its spot pair and its perpetual
 * alike (BTCUSDT), and OKX's spot pair and margin pair share one instId. Its own file, so the script
 * injected into charting pages can key instruments without loading every contract.
 */
export type InstrumentKey = `${ExchangeId}:${InstrumentKind}:${string}`;

export interface InstrumentIdentity {
  readonly exchange: ExchangeId;
  readonly kind: InstrumentKind;
  /** The exchange's own id: OKX instId (BTC-USDT-SWAP), Bybit symbol (BTCUSDT). */
  readonly symbol: string;
}

export function instrumentKey({ exchange, kind, symbol }: InstrumentIdentity): InstrumentKey {
  return `${exchange}:${kind}:${symbol}`;
}

/** One position: its instrument, and which of the instrument's positions (one-way, or a hedge side). */
export function positionKey(position: InstrumentIdentity & { readonly slot: PositionSlot }): string {
  return `${instrumentKey(position)}:${position.slot}`;
}

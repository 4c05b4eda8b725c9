import type { Balance, ExchangeId, Order, Position, Quote } from '../../exchanges';

/**
 * What the portfolio keeps, as plain data: the shape it snapshots to storage.session and restores from
 * after a worker restart. Model objects as the Exchange made them, so PnL is recomputed on restore.
 */
export interface StoredQuote extends Quote {
  /** When the worker received it (ms since epoch). */
  readonly receivedAt: number;
}

export interface StoredAccount {
  readonly exchange: ExchangeId;
  readonly positions: readonly Position[];
  readonly balance: Balance | undefined;
  readonly orders: readonly Order[];
  /** When its account data last changed; undefined before any arrived. */
  readonly updatedAt: number | undefined;
  /** Whether the exchange had listed the positions (absent in snapshots kept before it was recorded). */
  readonly positionsKnown?: boolean;
}

export interface PortfolioRecord {
  readonly quotes: readonly StoredQuote[];
  readonly accounts: readonly StoredAccount[];
}

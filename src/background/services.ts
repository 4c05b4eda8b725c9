import type {
  Balance,
  Exchange,
  ExchangeId,
  Order,
  Position,
  PositionProtection,
  Quote,
  StreamEvent,
} from '../exchanges';

/**
 * The narrow interfaces the background's services hand each other (docs/architecture.md "Conventions":
 * each service gets the few capabilities it needs in its constructor, never a god object). Each is
 * implemented in its own folder: vault/, profiles/, hub/.
 */

/** Where an exchange account's traffic goes. "simulator" exists only in development builds. */
export type Environment = 'live' | 'testnet' | 'demo' | 'simulator';

export interface ConnectionProfile {
  readonly exchange: ExchangeId;
  readonly enabled: boolean;
  readonly environment: Environment;
  /** The exchange's own region name (OKX global/eea/us, Bybit default/EU/NL/…); undefined = its default. */
  readonly region: string | undefined;
}

/** API credentials as the exchange issues them; OKX also has a passphrase. Never leaves the worker. */
export interface ExchangeCredentials {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase?: string;
}

/** Read side of the vault, for the services that sign traffic (hub, key audit, trading). */
export interface CredentialSource {
  /** The unlocked credentials of `exchange`; undefined while locked or when none are saved. */
  credentials(exchange: ExchangeId): Promise<ExchangeCredentials | undefined>;
  /** Called after unlock, lock, save, forget or a passphrase change. Returns the function that stops it. */
  onChange(listener: () => void): () => void;
}

/** Read side of the connection profiles. */
export interface ProfileSource {
  profile(exchange: ExchangeId): Promise<ConnectionProfile>;
  /** Called with the exchange whose profile changed. Returns the function that stops it. */
  onChange(listener: (exchange: ExchangeId) => void): () => void;
}

/**
 * The live Exchange of each enabled account, built from its profile and (when unlocked) its
 * credentials, and rebuilt when either changes. Trading and the hub share the one instance.
 */
export interface ExchangeRegistry {
  /** Undefined while the exchange is disabled. */
  exchange(exchange: ExchangeId): Promise<Exchange | undefined>;
  /** Called after an exchange was rebuilt or removed. Returns the function that stops it. */
  onRebuild(listener: (exchange: ExchangeId) => void): () => void;
}

/** What the worker knows of one account, as the last REST snapshot and the pushes since left it. */
export interface AccountSnapshot {
  readonly positions: readonly Position[];
  readonly balance: Balance | undefined;
  readonly orders: readonly Order[];
}

/**
 * The portfolio's write side (portfolio/): the hub writes REST snapshots and stream events to it; it keeps
 * quotes, positions (PnL recomputed from the live mark), balances and open orders of both exchanges.
 */
export interface PortfolioWriter {
  /** A REST snapshot replaces what was known of the account (on connect, and while a stream is stale). */
  replaceAccount(exchange: ExchangeId, snapshot: AccountSnapshot): void;
  /** A REST listing of an exchange's stops, targets and trailing stops (after each account (re)subscribe). */
  replaceProtection(exchange: ExchangeId, listed: readonly PositionProtection[]): void;
  /** A REST quote, while the quote stream is down or stale. */
  applyQuote(quote: Quote): void;
  /** Every model event the account's and the watchlist's streams deliver. */
  applyEvent(event: StreamEvent): void;
  /** The connection of `exchange` is stale or down: what is shown of it is marked so until fresh data arrives. */
  markStale(exchange: ExchangeId, stale: boolean): void;
}

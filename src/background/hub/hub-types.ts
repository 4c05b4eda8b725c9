import type { WantedInstrument } from '../../contracts/ports';
import type { Clock, ExchangeId, Timers } from '../../exchanges';
import type { InstrumentLists } from '../market/instrument-lists';
import type { ExchangeRegistry, PortfolioWriter } from '../services';
import type { AccountSource } from './port-account';

/** The hub's timing rules; defaults in hub.ts. */
export interface HubTiming {
  /** At most one message per port this often; the latest value wins. */
  readonly coalesceMs: number;
  /** A socket with wanted topics and no push for this long is stale. */
  readonly staleAfterMs: number;
  /** While stale, REST snapshots this often. */
  readonly pollEveryMs: number;
  /** How long sockets stay open after the last need is gone (a popup reopened soon paints at once). */
  readonly graceMs: number;
}

/** Where the wanted instruments survive a worker restart (a `session:` storage item in the worker). */
export interface WantedStore {
  load(): Promise<readonly WantedInstrument[]>;
  save(wanted: readonly WantedInstrument[]): Promise<void>;
}

export interface HubDeps {
  readonly registry: ExchangeRegistry;
  readonly portfolio: PortfolioWriter;
  /** The portfolio's read side: positions, balances, orders and totals sent over the ports. */
  readonly account: AccountSource;
  /** True when the vault is unlocked and holds keys of `exchange`: then the account streams open. */
  readonly hasCredentials: (exchange: ExchangeId) => Promise<boolean>;
  /** The portfolio's watchlist, whose quotes stream whenever anything needs data. */
  readonly watchlist: () => Promise<readonly WantedInstrument[]>;
  readonly wanted: WantedStore;
  /** Where quotes find their instrument's tick and lot size (shared with instrument search). */
  readonly instrumentLists: InstrumentLists;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly timing?: Partial<HubTiming>;
}

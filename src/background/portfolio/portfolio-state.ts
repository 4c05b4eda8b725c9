import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import {
  instrumentKey,
  positionKey,
  type InstrumentIdentity,
  type InstrumentKey,
} from '../../contracts/instrument-key';
import type { PortfolioView, PositionView, TotalsView } from '../../contracts/portfolio';
import type {
  Balance,
  Clock,
  ExchangeId,
  Order,
  OrderUpdateEvent,
  Position,
  PositionUpdateEvent,
  Quote,
  StreamEvent,
  StreamOrderStatus,
  WalletUpdateEvent,
} from '../../exchanges';
import type { AccountSnapshot, PortfolioWriter } from '../services';
import { isInverse } from './pnl';
import { accountTotals } from './account-totals';
import { netExposure } from './net-exposure';
import { toOrderViews } from './order-views';
import { toBalanceView, toPositionView, toQuoteView } from './portfolio-views';
import { createProtectionBook } from './protection-book';
import type { PortfolioRecord, StoredQuote } from './portfolio-record';

/** A quote older than this is shown as stale even while its stream says it is connected. */
export const QUOTE_STALE_AFTER_MS = 15_000;

/** Statuses of a working order; a filled, cancelled or rejected one leaves the open orders. */
const OPEN_STATUSES: ReadonlySet<StreamOrderStatus> = new Set(['open', 'partially-filled', 'untriggered']);

/** What one change touched (instruments by `instrumentKey`), so the hub sends each port only what it asked for. */
export interface PortfolioChanges {
  readonly quotes: readonly InstrumentKey[];
  /** Instruments whose positions (or their PnL) changed; the totals change with them. */
  readonly positions: readonly InstrumentKey[];
  readonly balances: readonly ExchangeId[];
  readonly orders: readonly ExchangeId[];
  readonly freshness: readonly ExchangeId[];
}

/** The account's parts of the portfolio view: everything but the quotes. */
export type AccountPart = Exclude<keyof PortfolioView, 'quotes'>;
export type AccountView = { -readonly [Part in AccountPart]?: PortfolioView[Part] };

/** The read side the hub serves ports from, plus restore and the record the snapshot writer saves. */
export interface Portfolio extends PortfolioWriter {
  snapshot(): PortfolioView;
  /** Only the given parts of `snapshot()`, built alone. */
  accountView(parts: ReadonlySet<AccountPart>): AccountView;
  /** Called synchronously after every change. Returns the function that stops it. */
  onChange(listener: (changes: PortfolioChanges) => void): () => void;
  record(): PortfolioRecord;
  /** Paints a snapshot taken before a worker restart, marked restored until fresh data arrives. */
  restore(record: PortfolioRecord): void;
}

interface AccountState {
  positions: Map<string, Position>;
  balance: Balance | undefined;
  orders: Map<string, Order>;
  updatedAt: number | undefined;
  restored: boolean;
  stale: boolean;
  /** The exchange listed the positions (a REST snapshot), or the kept snapshot did: pushes alone do not. */
  positionsKnown: boolean;
}

interface QuoteState {
  readonly quote: StoredQuote;
  readonly restored: boolean;
}

/** A quote or a position: model objects name the instrument's kind `instrumentKind`. */
type OfInstrument = Pick<Quote, 'exchange' | 'instrumentKind' | 'symbol'>;

const identityOf = ({ exchange, instrumentKind, symbol }: OfInstrument): InstrumentIdentity => ({
  exchange,
  kind: instrumentKind,
  symbol,
});
const keyOf = (item: OfInstrument): InstrumentKey => instrumentKey(identityOf(item));
const slotKeyOf = (position: Position) =>
  positionKey({ ...identityOf(position), slot: position.positionSlot });

function emptyAccount(): AccountState {
  return {
    positions: new Map(),
    balance: undefined,
    orders: new Map(),
    updatedAt: undefined,
    restored: false,
    stale: false,
    positionsKnown: false,
  };
}

/**
 * A stream event is its model object plus the event's own fields: a quote or order without `kind`, a
 * position or balance without `kind` and `ts` (the push time; the REST objects have none).
 */
function omitFields<T extends object, K extends keyof T & string>(value: T, ...fields: K[]): Omit<T, K> {
  const dropped = new Set<string>(fields);
  return Object.fromEntries(Object.entries(value).filter(([field]) => !dropped.has(field))) as Omit<T, K>;
}

/** Ticker pushes carry only what changed (undefined = unchanged): merged into the last quote. */
function mergeQuote(previous: Quote | undefined, next: Quote): Quote {
  if (previous === undefined) return next;
  const merged: Record<string, unknown> = { ...previous };
  for (const [field, value] of Object.entries(next)) if (value !== undefined) merged[field] = value;
  return merged as unknown as Quote;
}

export interface PortfolioDeps {
  readonly clock: Clock;
  /**
   * The contract value (Instrument.contractValue) of a derivative, when the caller knows its
   * instruments: OKX position pushes size positions in contracts only, and PnL needs the size in coin.
   */
  readonly contractValue?: (exchange: ExchangeId, symbol: string) => string | undefined;
}

/** Display-only maths: 12 significant digits hide float noise (3 x 0.1 is 0.3, not 0.30000000000000004). */
const display = (value: number): string => String(Number(value.toPrecision(12)));

export function createPortfolio(deps: PortfolioDeps): Portfolio {
  const quotes = new Map<InstrumentKey, QuoteState>();
  const accounts: Record<ExchangeId, AccountState> = { okx: emptyAccount(), bybit: emptyAccount() };
  const listeners = new Set<(changes: PortfolioChanges) => void>();
  const protection = createProtectionBook();

  function emit(changes: Partial<PortfolioChanges>): void {
    const full: PortfolioChanges = {
      quotes: changes.quotes ?? [],
      positions: changes.positions ?? [],
      balances: changes.balances ?? [],
      orders: changes.orders ?? [],
      freshness: changes.freshness ?? [],
    };
    for (const listener of listeners) listener(full);
  }

  function instrumentsOf(positions: Iterable<Position>): InstrumentKey[] {
    return [...new Set([...positions].map(keyOf))];
  }

  /** Fills in the size in coin a push left out: linear contracts x value; inverse that / the push's mark. */
  function withSizeInCoin(position: Position): Position {
    if (position.sizeCoin !== undefined) return position;
    const value = Number(deps.contractValue?.(position.exchange, position.symbol));
    if (!Number.isFinite(value) || value <= 0) return position;
    const coin = Number(position.sizeContracts) * value;
    if (!isInverse(position)) return { ...position, sizeCoin: display(coin) };
    const mark = Number(position.markPrice);
    return mark > 0 ? { ...position, sizeCoin: display(coin / mark) } : position;
  }

  function touch(exchange: ExchangeId): AccountState {
    const account = accounts[exchange];
    account.updatedAt = deps.clock.now();
    return account;
  }

  function applyQuote(quote: Quote): void {
    const key = keyOf(quote);
    const previous = quotes.get(key)?.quote;
    const merged = mergeQuote(previous, quote);
    quotes.set(key, { quote: { ...merged, receivedAt: deps.clock.now() }, restored: false });
    // The positions' PnL, liquidation distance and next funding follow the mark and the funding.
    const moved =
      merged.mark !== previous?.mark ||
      merged.fundingRate !== previous?.fundingRate ||
      merged.nextFundingTime !== previous?.nextFundingTime;
    const held = [...accounts[quote.exchange].positions.values()].some((p) => keyOf(p) === key);
    emit({ quotes: [key], positions: moved && held ? [key] : [] });
  }

  function applyPosition(event: PositionUpdateEvent): void {
    const position = withSizeInCoin(omitFields(event, 'kind', 'ts'));
    const account = touch(event.exchange);
    if (event.side === 'flat') account.positions.delete(slotKeyOf(position));
    else account.positions.set(slotKeyOf(position), position);
    emit({ positions: [keyOf(position)] });
  }

  function applyOrder(event: OrderUpdateEvent): void {
    const account = touch(event.exchange);
    if (OPEN_STATUSES.has(event.status)) account.orders.set(event.orderId, omitFields(event, 'kind'));
    else account.orders.delete(event.orderId);
    emit({ orders: [event.exchange] });
  }

  function applyWallet(event: WalletUpdateEvent): void {
    touch(event.exchange).balance = omitFields(event, 'kind', 'ts');
    emit({ balances: [event.exchange] });
  }

  /** The quote's mark counts only when it is no older than the position push it would replace. */
  function liveMark(position: Position): string | undefined {
    const quote = quotes.get(keyOf(position))?.quote;
    if (quote?.mark === undefined) return undefined;
    return position.updatedAt === undefined || quote.ts >= position.updatedAt ? quote.mark : undefined;
  }

  /** The positions as a page shows them, the largest first. */
  function positionViews(): PositionView[] {
    return EXCHANGE_IDS.flatMap((exchange) => [...accounts[exchange].positions.values()])
      .map((position) =>
        toPositionView(
          position,
          liveMark(position),
          protection.legsOf(position),
          quotes.get(keyOf(position))?.quote,
        ),
      )
      .sort((a, b) => (b.notionalUsd ?? -1) - (a.notionalUsd ?? -1));
  }

  function totalsOf(positions: readonly PositionView[], balances: readonly Balance[]): TotalsView {
    const pnlUsd = { okx: 0, bybit: 0 };
    for (const position of positions) pnlUsd[position.exchange] += position.pnlUsd ?? 0;
    const rounded = (value: number) => Math.round(value * 1e8) / 1e8;
    return {
      pnlUsd: { okx: rounded(pnlUsd.okx), bybit: rounded(pnlUsd.bybit) },
      overallPnlUsd: rounded(pnlUsd.okx + pnlUsd.bybit),
      account: accountTotals(balances),
      exposure: netExposure(positions),
    };
  }

  const balanceList = () => EXCHANGE_IDS.flatMap((exchange) => accounts[exchange].balance ?? []);

  const orderViews = () =>
    toOrderViews(
      EXCHANGE_IDS.flatMap((exchange) => [...accounts[exchange].orders.values()]),
      protection.all(),
      EXCHANGE_IDS.flatMap((exchange) => [...accounts[exchange].positions.values()]),
    );

  const freshnessViews = () =>
    EXCHANGE_IDS.map((exchange) => ({
      exchange,
      restored: accounts[exchange].restored,
      stale: accounts[exchange].stale,
      positionsKnown: accounts[exchange].positionsKnown,
      updatedAt: accounts[exchange].updatedAt,
    }));

  /**
   * The given parts of the account view, built alone: a mark tick re-prices the positions and the totals,
   * and a port sent only those must not pay for the orders or every quote's view.
   */
  function accountView(parts: ReadonlySet<AccountPart>): AccountView {
    const view: AccountView = {};
    const positions = parts.has('positions') || parts.has('totals') ? positionViews() : [];
    if (parts.has('positions')) view.positions = positions;
    if (parts.has('balances')) view.balances = balanceList().map(toBalanceView);
    if (parts.has('orders')) view.orders = orderViews();
    if (parts.has('totals')) view.totals = totalsOf(positions, balanceList());
    if (parts.has('freshness')) view.freshness = freshnessViews();
    return view;
  }

  return {
    replaceAccount(exchange: ExchangeId, snapshot: AccountSnapshot): void {
      const account = touch(exchange);
      const before = [...account.positions.values()];
      account.positions = new Map(
        snapshot.positions.filter((p) => p.side !== 'flat').map((p) => [slotKeyOf(p), withSizeInCoin(p)]),
      );
      account.balance = snapshot.balance;
      account.orders = new Map(
        snapshot.orders
          .filter((order) => OPEN_STATUSES.has(order.status))
          .map((order) => [order.orderId, order]),
      );
      account.restored = false;
      account.positionsKnown = true;
      emit({
        positions: instrumentsOf([...before, ...account.positions.values()]),
        balances: [exchange],
        orders: [exchange],
        freshness: [exchange],
      });
    },

    applyQuote,

    replaceProtection(exchange, listed) {
      const touched = protection.replace(exchange, listed);
      emit({ positions: [...new Set(touched.map(keyOf))], orders: [exchange] });
    },

    applyEvent(event: StreamEvent): void {
      switch (event.kind) {
        case 'ticker':
          applyQuote(omitFields(event, 'kind'));
          return;
        case 'position':
          applyPosition(event);
          return;
        case 'order':
          applyOrder(event);
          return;
        case 'wallet':
          applyWallet(event);
          return;
        case 'protection':
          // The legs are in the open orders list too.
          if (protection.apply(event)) emit({ positions: [keyOf(event)], orders: [event.exchange] });
          return;
        default:
          // Books, trades, candles, fills and greeks are not portfolio state: the hub routes them to ports.
          return;
      }
    },

    markStale(exchange: ExchangeId, stale: boolean): void {
      if (accounts[exchange].stale === stale) return;
      accounts[exchange].stale = stale;
      const ofExchange = [...quotes]
        .filter(([, { quote }]) => quote.exchange === exchange)
        .map(([key]) => key);
      emit({ quotes: ofExchange, freshness: [exchange] });
    },

    snapshot(): PortfolioView {
      const now = deps.clock.now();
      const positions = positionViews();
      const balances = balanceList();
      return {
        quotes: [...quotes.values()].map(({ quote, restored }) =>
          toQuoteView(
            quote,
            restored || accounts[quote.exchange].stale || now - quote.receivedAt > QUOTE_STALE_AFTER_MS,
          ),
        ),
        positions,
        balances: balances.map(toBalanceView),
        orders: orderViews(),
        totals: totalsOf(positions, balances),
        freshness: freshnessViews(),
      };
    },

    accountView,

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    record(): PortfolioRecord {
      return {
        quotes: [...quotes.values()].map(({ quote }) => quote),
        accounts: EXCHANGE_IDS.map((exchange) => ({
          exchange,
          positions: [...accounts[exchange].positions.values()],
          balance: accounts[exchange].balance,
          orders: [...accounts[exchange].orders.values()],
          updatedAt: accounts[exchange].updatedAt,
          positionsKnown: accounts[exchange].positionsKnown,
        })),
      };
    },

    restore(record: PortfolioRecord): void {
      // Whatever arrived live before the snapshot was read is newer than the snapshot: it stays.
      for (const quote of record.quotes) {
        const key = keyOf(quote);
        if (!quotes.has(key)) quotes.set(key, { quote, restored: true });
      }
      for (const stored of record.accounts) {
        const live = accounts[stored.exchange];
        // The exchange's own listing since the start is newer than anything kept: it stays whole.
        if (live.positionsKnown) continue;
        // A push that came before the snapshot was read (a wallet change, say) is newer than the kept
        // entry it replaces, and leaves the rest of the kept account in place.
        accounts[stored.exchange] = {
          positions: new Map([...stored.positions.map((p) => [slotKeyOf(p), p] as const), ...live.positions]),
          balance: live.balance ?? stored.balance,
          orders: new Map([...stored.orders.map((order) => [order.orderId, order] as const), ...live.orders]),
          updatedAt: live.updatedAt ?? stored.updatedAt,
          restored: true,
          stale: live.stale,
          positionsKnown: stored.positionsKnown === true,
        };
      }
      emit({
        quotes: record.quotes.map(keyOf),
        positions: instrumentsOf(record.accounts.flatMap((account) => account.positions)),
        balances: EXCHANGE_IDS,
        orders: EXCHANGE_IDS,
        freshness: EXCHANGE_IDS,
      });
    },
  };
}

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  Balance,
  Exchange,
  ExchangeId,
  InstrumentRef,
  MarginRisk,
  SocketStatusEvent,
  StreamEvent,
  WalletUpdateEvent,
} from '../../src/exchanges/index';
import { startSimulator, type RunningSimulator } from '../../sim/index';
import { simExchange } from './exchange-harness';
import { Inbox, simAdmin } from './ws-harness';

/** The most traded perpetual and one order's size in each exchange's unit (OKX contracts, Bybit coin). */
const MARKET: Record<ExchangeId, { readonly perpetual: InstrumentRef; readonly size: string }> = {
  okx: { perpetual: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' }, size: '1' },
  // No contract type given: the Exchange finds it in Bybit's instrument lists.
  bybit: { perpetual: { kind: 'perpetual', symbol: 'BTCUSDT' }, size: '0.010' },
};

const isKind =
  <K extends StreamEvent['kind']>(kind: K) =>
  (event: StreamEvent): event is Extract<StreamEvent, { kind: K }> =>
    event.kind === kind;

/**
 * Where each simulated account states its margin: OKX's Futures-mode account per currency (its
 * account-level fields are ""), Bybit's unified account for the whole account, in USD.
 */
const usdtOf = (balance: Balance) => balance.coins.find((coin) => coin.coin === 'USDT');
const marginRiskOf = (balance: Balance): MarginRisk | undefined =>
  balance.exchange === 'okx' ? usdtOf(balance)?.marginRisk : balance.marginRisk;

/** The margin of one small position on a funded account, as each exchange states it. */
function expectMarginOfASmallPosition(balance: Balance): void {
  const usdt = usdtOf(balance);
  const risk = marginRiskOf(balance);
  if (balance.exchange === 'okx') {
    expect(balance).toMatchObject({
      usedMarginUsd: undefined,
      availableUsd: undefined,
      marginRisk: undefined,
    });
    expect(risk?.kind).toBe('okx-margin-ratio');
    // Higher is safer: far above 1 (100 %).
    expect(Number(risk?.value)).toBeGreaterThan(100);
    expect(Number(usdt?.usedMargin)).toBeGreaterThan(0);
    expect(Number(usdt?.maintenanceMargin)).toBeGreaterThan(0);
    return;
  }
  expect(risk?.kind).toBe('maintenance-margin-rate');
  // Lower is safer: far below 1 (100 %).
  expect(Number(risk?.value)).toBeGreaterThan(0);
  expect(Number(risk?.value)).toBeLessThan(0.01);
  expect(Number(balance.usedMarginUsd)).toBeGreaterThan(0);
  expect(Number(balance.maintenanceMarginUsd)).toBeGreaterThan(0);
  expect(Number(balance.availableUsd)).toBeGreaterThan(0);
  // Bybit states no available per coin on a unified account.
  expect(usdt?.available).toBeUndefined();
}

describe.each(['okx', 'bybit'] as const)('%s through one Exchange', (id) => {
  const { perpetual, size } = MARKET[id];
  let sim: RunningSimulator;
  let exchange: Exchange;
  let status: Inbox<SocketStatusEvent>;
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ seed: 7, tickMs: 50 });
  });
  afterAll(async () => {
    await sim.stop();
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    exchange.close();
    await simAdmin(sim, 'reset');
  });

  function open(): void {
    exchange = simExchange(sim, id);
    status = new Inbox();
    stops.push(exchange.streams.onStatus(status.push));
  }

  function listen(request: Parameters<Exchange['streams']['subscribe']>[0]): Inbox<StreamEvent> {
    const inbox = new Inbox<StreamEvent>();
    stops.push(exchange.streams.subscribe(request, inbox.push));
    return inbox;
  }

  it('streams quotes and a verified book of one instrument', async () => {
    open();
    const quotes = listen({ kind: 'quote', instrument: perpetual });
    const books = listen({ kind: 'book', instrument: perpetual });
    // OKX sends the mark price on its own channel; the Exchange merges it into the quote as Bybit sends it.
    const quote = await quotes.waitFor(
      (event): event is Extract<StreamEvent, { kind: 'ticker' }> =>
        event.kind === 'ticker' && event.mark !== undefined,
      'a quote with its mark price',
    );
    expect(quote).toMatchObject({ exchange: id, symbol: perpetual.symbol });
    expect(Number(quote.last)).toBeGreaterThan(0);
    const book = await books.waitFor(isKind('book'), 'a book');
    expect(Number(book.bids[0]?.[0])).toBeLessThan(Number(book.asks[0]?.[0]));
    expect(books.events.filter((event) => event.kind === 'book-resync')).toEqual([]);
    await status.waitFor((event) => event.type === 'data-age' && event.ageMs !== undefined, 'a data age');
  });

  it('places a position over the trade socket, sees it on the position and balance streams, and closes it', async () => {
    open();
    const positions = listen({ kind: 'positions' });
    const balances = listen({ kind: 'balances' });
    await status.waitFor(
      (event) => event.type === 'subscribed' && event.socket === 'private',
      'the private topics',
    );
    await status.waitFor(() => exchange.trade.overSocket, 'trading over the socket');

    const placed = await exchange.trade.place({ instrument: perpetual, side: 'buy', type: 'market', size });
    expect(placed).toMatchObject({ exchange: id, code: '0' });
    expect(placed.clientOrderId).toMatch(/^perch[0-9a-z]+$/);
    const opened = await positions.waitFor(
      (event) => event.kind === 'position' && event.symbol === perpetual.symbol && event.side === 'long',
      'the open position',
    );
    expect(opened).toMatchObject({ instrumentKind: 'perpetual', positionSlot: 'one-way' });
    const pushed = await balances.waitFor(
      (event): event is WalletUpdateEvent => event.kind === 'wallet' && marginRiskOf(event) !== undefined,
      'a balance push with the margin of the position',
    );
    expectMarginOfASmallPosition(pushed);
    expectMarginOfASmallPosition(await exchange.rest.getBalance());

    const [held] = await exchange.rest.getPositions();
    expect(held).toMatchObject({
      symbol: perpetual.symbol,
      side: 'long',
      sizeContracts: opened.kind === 'position' ? opened.sizeContracts : '',
    });
    const closed = await exchange.trade.close(held!);
    expect(closed).toMatchObject({ exchange: id, code: '0' });
    await positions.waitFor(
      (event) => event.kind === 'position' && event.symbol === perpetual.symbol && event.side === 'flat',
      'the closed position',
    );
    expect(await exchange.rest.getPositions()).toEqual([]);
  });

  it('trades over REST while the trade socket is not logged in yet', async () => {
    open();
    expect(exchange.trade.overSocket).toBe(false);
    const placed = await exchange.trade.place({ instrument: perpetual, side: 'sell', type: 'market', size });
    expect(placed).toMatchObject({ exchange: id, code: '0' });
    const [held] = await exchange.rest.getPositions();
    expect(held).toMatchObject({ side: 'short', positionSlot: 'one-way' });
  });
});

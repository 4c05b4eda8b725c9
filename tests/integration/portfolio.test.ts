import { describe, expect, it } from 'vitest';
import { createPortfolio, type Portfolio } from '../../src/background/portfolio/portfolio-state';
import type { PortfolioView } from '../../src/contracts/portfolio';
import type { Exchange, ExchangeId, SocketStatusEvent, StreamEvent } from '../../src/exchanges/index';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from './exchange-harness';
import { Inbox, realClock } from './ws-harness';

/** One order's size in each exchange's unit: OKX contracts of 0.01 BTC, Bybit coin. */
const ORDER_SIZE: Record<ExchangeId, string> = { okx: '2', bybit: '0.020' };

/** What must agree between the portfolio and the simulator's account (marks and upl move every tick). */
interface HeldFacts {
  readonly symbol: string;
  readonly side: string;
  readonly sizeContracts: string;
  readonly entryPrice?: string | undefined;
}
const positionFacts = (positions: readonly HeldFacts[]) =>
  positions.map(({ symbol, side, sizeContracts, entryPrice }) => ({
    symbol,
    side,
    sizeContracts: Number(sizeContracts),
    entryPrice: Number(entryPrice),
  }));
const walletFacts = (
  balance:
    | { readonly coins: readonly { readonly coin: string; readonly walletBalance?: string | undefined }[] }
    | undefined,
) => Object.fromEntries((balance?.coins ?? []).map((coin) => [coin.coin, Number(coin.walletBalance)]));

describe.each(['okx', 'bybit'] as const)('%s account in the portfolio', (id) => {
  const perpetual = BTC_PERPETUAL[id];
  const size = ORDER_SIZE[id];
  let exchange: Exchange;
  let portfolio: Portfolio;
  let views: Inbox<PortfolioView>;
  const stops: (() => void)[] = [];
  const sim = simulatorPerSuite({ seed: 11, tickMs: 50 }, () => {
    for (const stop of stops.splice(0)) stop();
    exchange.close();
  });

  /** What the hub does for one account: streams into the portfolio, then a REST snapshot once subscribed. */
  async function connect(): Promise<void> {
    exchange = simExchange(sim(), id);
    // OKX pushes sizes in contracts only: the contract values come from the instrument list.
    const instruments = await exchange.rest.getInstruments('perpetual');
    const contractValue = (_: ExchangeId, symbol: string) =>
      instruments.find((instrument) => instrument.id === symbol)?.contractValue;
    portfolio = createPortfolio({ clock: realClock, contractValue });
    views = new Inbox();
    stops.push(
      portfolio.onChange(() => {
        views.push(portfolio.snapshot());
      }),
    );
    const apply = (event: StreamEvent) => {
      portfolio.applyEvent(event);
    };
    const status = new Inbox<SocketStatusEvent>();
    stops.push(exchange.streams.onStatus(status.push));
    for (const kind of ['positions', 'balances', 'orders'] as const) {
      stops.push(exchange.streams.subscribe({ kind }, apply));
    }
    stops.push(exchange.streams.subscribe({ kind: 'quote', instrument: perpetual }, apply));
    await status.waitFor(
      (event) => event.type === 'subscribed' && event.socket === 'private',
      'the private topics',
    );
    const [positions, balance, orders] = await Promise.all([
      exchange.rest.getPositions(),
      exchange.rest.getBalance(),
      exchange.rest.getOpenOrders(),
    ]);
    portfolio.replaceAccount(id, { positions, balance, orders });
  }

  /** Waits until the portfolio's positions and wallet equal what the simulator's REST says now. */
  async function expectMatchesSimulator(what: string): Promise<PortfolioView> {
    const [positions, balance] = await Promise.all([
      exchange.rest.getPositions(),
      exchange.rest.getBalance(),
    ]);
    const agrees = (view: PortfolioView) =>
      JSON.stringify(positionFacts(view.positions)) === JSON.stringify(positionFacts(positions)) &&
      JSON.stringify(walletFacts(view.balances.find((b) => b.exchange === id))) ===
        JSON.stringify(walletFacts(balance));
    const current = portfolio.snapshot();
    const view = agrees(current) ? current : await views.waitFor(agrees, what, 10_000, views.events.length);
    expect(positionFacts(view.positions)).toEqual(positionFacts(positions));
    expect(walletFacts(view.balances.find((b) => b.exchange === id))).toEqual(walletFacts(balance));
    return view;
  }

  it('follows orders, fills and a close, and ends equal to the simulator', async () => {
    await connect();
    const start = await expectMatchesSimulator('the account at connect');
    expect(start.positions).toEqual([]);
    expect(start.freshness.find((f) => f.exchange === id)).toMatchObject({ restored: false, stale: false });

    // A fill opens a long.
    await exchange.trade.place({ instrument: perpetual, side: 'buy', type: 'market', size });
    await views.waitFor((view) => view.positions.length === 1, 'the long in the portfolio');
    const opened = await expectMatchesSimulator('the long and its fee');
    expect(opened.positions[0]).toMatchObject({ exchange: id, symbol: perpetual.symbol, side: 'long' });

    // Its PnL follows the live mark.
    const marked = await views.waitFor(
      (view) => view.positions[0]?.pnlSource === 'mark' && view.positions[0].pnl !== undefined,
      'PnL recomputed from a new mark',
    );
    const [position] = marked.positions;
    const expected =
      (Number(position?.markPrice) - Number(position?.entryPrice)) * Number(position?.sizeCoin);
    expect(position?.pnl).toBeCloseTo(expected, 6);
    expect(marked.totals.overallPnlUsd).toBeCloseTo(position?.pnlUsd ?? NaN, 6);

    // A resting order shows as open, then goes when cancelled.
    const bid = String(Math.round(Number(position?.markPrice) / 2));
    const resting = await exchange.trade.place({
      instrument: perpetual,
      side: 'buy',
      type: 'limit',
      size,
      price: bid,
    });
    await views.waitFor((view) => view.orders.some((o) => o.id === resting.orderId), 'the resting order');
    const open = await exchange.rest.getOpenOrders();
    expect(portfolio.snapshot().orders.map((o) => o.id)).toEqual(open.map((o) => o.orderId));
    await exchange.trade.cancel({ instrument: perpetual, orderId: resting.orderId });
    await views.waitFor((view) => view.orders.length === 0, 'the cancelled order gone');
    expect(await exchange.rest.getOpenOrders()).toEqual([]);

    // A second fill adds to the long; the close takes it away.
    await exchange.trade.place({ instrument: perpetual, side: 'buy', type: 'market', size });
    await views.waitFor(
      (view) => Number(view.positions[0]?.sizeContracts) === 2 * Number(opened.positions[0]?.sizeContracts),
      'the larger long',
    );
    await expectMatchesSimulator('the larger long');
    const [held] = await exchange.rest.getPositions();
    await exchange.trade.close(held!);
    await views.waitFor((view) => view.positions.length === 0, 'the closed position gone');
    const closed = await expectMatchesSimulator('the account after the close');
    expect(closed.totals.pnlUsd[id]).toBe(0);
  });
});

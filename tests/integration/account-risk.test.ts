import { beforeEach, describe, expect, it } from 'vitest';
import type {
  Balance,
  Exchange,
  ExchangeId,
  Position,
  SocketStatusEvent,
  StreamEvent,
  TickerEvent,
} from '../../src/exchanges/index';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from './exchange-harness';
import { Inbox, simAdmin } from './ws-harness';

/**
 * The account's risk figures, a position's auto-deleveraging rank, the funding rate and the next
 * settlement, and a settlement itself, through the Exchange on both exchanges (docs/protocol.md "Account
 * margin and risk", "Auto-deleveraging rank", "Funding"). The simulator and the Exchange share one fake
 * time that starts ten minutes before the 08:00 UTC settlement; the market heartbeat is an hour, so only
 * the tests move prices.
 */
const EIGHT = Date.UTC(2026, 0, 5, 8);
const START_PRICE = 60_000;
/** Two contracts of 0.01 BTC on OKX, 0.02 BTC on Bybit: the same 0.02 BTC. */
const SIZE: Record<ExchangeId, string> = { okx: '2', bybit: '0.020' };
const SIZE_BTC = 0.02;

/** Lets sockets and requests in flight move on before the shared fake time does. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A fake time that starts ten minutes before the 08:00 UTC settlement, and the ways a test moves it. */
function fakeTimeBeforeEight() {
  const time = createSimFakeTime(EIGHT - 10 * 60_000);
  return {
    time,
    /**
     * Advances the fake time a tenth of a second at a go until `promise` settles: for what waits on the
     * simulator's publishers. REST calls are awaited without it, so their signatures stay inside Bybit's
     * window.
     */
    async drive<T>(promise: Promise<T>): Promise<T> {
      let done = false;
      const settled = promise.finally(() => {
        done = true;
      });
      for (let step = 0; !done && step < 2_000; step++) {
        await settle();
        if (!done) time.advance(100);
      }
      return settled;
    },
    /** Moves the fake time to `at` a second at a go, letting pings and pushes through in between. */
    async advanceTo(at: number): Promise<void> {
      while (time.clock.now() < at) {
        time.advance(Math.min(1_000, at - time.clock.now()));
        await settle();
      }
    },
  };
}

const usdtOf = (balance: Balance) => balance.coins.find((coin) => coin.coin === 'USDT');

describe.each(['okx', 'bybit'] as const)('account risk on %s through the Exchange', (id) => {
  const instrument = BTC_PERPETUAL[id];
  const { symbol } = instrument;
  const { time, drive, advanceTo } = fakeTimeBeforeEight();
  let opened: Position;
  let exchange: Exchange;
  let events: Inbox<StreamEvent>;
  const stops: (() => void)[] = [];
  const running = simulatorPerSuite(
    { seed: 11, tickMs: 3_600_000, clock: time.clock, timers: time.timers },
    () => {
      for (const stop of stops.splice(0)) stop();
      exchange.close();
    },
  );
  const price = (at: number) => simAdmin(running(), 'price', { exchange: id, symbol, price: String(at) });
  const positionEvent = (event: StreamEvent): event is StreamEvent & Position =>
    event.kind === 'position' && event.symbol === symbol && event.side === 'long';
  const wallet = (event: StreamEvent): event is StreamEvent & Balance => event.kind === 'wallet';

  /** A long of 0.02 BTC opened at the market, with the account's positions and balances streamed. */
  beforeEach(async () => {
    await price(START_PRICE);
    exchange = simExchange(running(), id, running().wsUrl, { clock: time.clock, timers: time.timers });
    events = new Inbox<StreamEvent>();
    const status = new Inbox<SocketStatusEvent>();
    stops.push(exchange.streams.onStatus(status.push));
    stops.push(exchange.streams.subscribe({ kind: 'positions' }, events.push));
    stops.push(exchange.streams.subscribe({ kind: 'balances' }, events.push));
    await drive(
      status.waitFor((event) => event.type === 'subscribed' && event.socket === 'private', 'account topics'),
    );
    await exchange.trade.place({ instrument, side: 'buy', type: 'market', size: SIZE[id] });
    opened = await drive(events.waitFor(positionEvent, 'the open long'));
  });

  it("states the account's margin and risk over REST and the private stream", async () => {
    const balance = await exchange.rest.getBalance();
    const pushed = await drive(
      events.waitFor(
        (event) => wallet(event) && usdtOf(event)?.usedMargin !== '0',
        'a wallet push with margin',
      ),
    );
    for (const figures of [balance, pushed as StreamEvent & Balance]) {
      if (id === 'okx') {
        // The simulator's OKX account is in Futures mode: the margin is stated per currency, not for the account.
        expect(figures).toMatchObject({
          availableUsd: undefined,
          usedMarginUsd: undefined,
          marginRisk: undefined,
        });
        const usdt = usdtOf(figures);
        expect(Number(usdt?.usedMargin)).toBeGreaterThan(0);
        expect(Number(usdt?.maintenanceMargin)).toBeGreaterThan(0);
        expect(usdt?.marginRisk?.kind).toBe('okx-margin-ratio');
        // Higher is safer: a well-funded account is far above 100 %.
        expect(Number(usdt?.marginRisk?.value)).toBeGreaterThan(1);
      } else {
        expect(Number(figures.usedMarginUsd)).toBeGreaterThan(0);
        expect(Number(figures.maintenanceMarginUsd)).toBeGreaterThan(0);
        expect(Number(figures.availableUsd)).toBeGreaterThan(0);
        expect(figures.marginRisk?.kind).toBe('maintenance-margin-rate');
        // Lower is safer: a well-funded account is far below 100 %.
        expect(Number(figures.marginRisk?.value)).toBeLessThan(1);
      }
    }
  });

  it("tells the position's auto-deleveraging rank, which climbs with its profit", async () => {
    // The push of the opening fill and the REST row agree: even, so last in line.
    expect(opened.adlRank).toBe(1);
    expect((await exchange.rest.getPositions({ instrument }))[0]?.adlRank).toBe(1);
    // +3 % at leverage 10: a score of about 0.3, the simulator's rank 4 (sim/accounts/adl-rank.ts).
    await price(START_PRICE * 1.03);
    expect((await exchange.rest.getPositions({ instrument }))[0]?.adlRank).toBe(4);
  });

  it('quotes the funding rate and when it settles, over REST and the socket', async () => {
    const quote = await exchange.rest.getQuote(instrument);
    expect(Number(quote?.fundingRate)).not.toBeNaN();
    expect(quote?.nextFundingTime).toBe(EIGHT);
    const tickers = new Inbox<StreamEvent>();
    stops.push(exchange.streams.subscribe({ kind: 'quote', instrument }, tickers.push));
    const ticker = await drive(
      tickers.waitFor(
        (event) => event.kind === 'ticker' && event.nextFundingTime !== undefined,
        'a ticker with its funding',
      ),
    );
    expect(ticker).toMatchObject({ symbol, fundingRate: quote?.fundingRate, nextFundingTime: EIGHT });
  });

  // Last: it moves the suite's fake time past 08:00, which the quote test above reads as still to come.
  it('settles funding at 08:00 UTC on simulator time: the long pays size x mark x rate', async () => {
    const quote = await exchange.rest.getQuote(instrument);
    const rate = Number(quote?.fundingRate);
    const before = Number(usdtOf(await exchange.rest.getBalance())?.walletBalance);
    const from = events.events.length;
    const paid = SIZE_BTC * START_PRICE * rate;

    const settlement = events.waitFor(
      (event) => wallet(event) && Number(usdtOf(event)?.walletBalance) !== before,
      'the wallet after funding',
      20_000,
      from,
    );
    await advanceTo(EIGHT - 1_000);
    expect(events.events.slice(from).filter(wallet)).toEqual([]);
    await advanceTo(EIGHT);
    const settled = await settlement;
    expect(time.clock.now()).toBeGreaterThanOrEqual(EIGHT);
    expect(Number(usdtOf(settled as StreamEvent & Balance)?.walletBalance)).toBeCloseTo(before - paid, 4);
    const after = Number(usdtOf(await exchange.rest.getBalance())?.walletBalance);
    expect(after).toBeCloseTo(before - paid, 4);
    // The next settlement is now 16:00 UTC.
    expect((await exchange.rest.getQuote(instrument))?.nextFundingTime).toBe(EIGHT + 8 * 3_600_000);
  });
});

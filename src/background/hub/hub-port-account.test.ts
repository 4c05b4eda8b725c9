import { describe, expect, it } from 'vitest';
import type { Sender } from '../../contracts';
import type { HubPortMessage } from '../../contracts/ports';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { aBalance, anOrder, aTicker, positionPush, walletPush } from '../portfolio/model-fakes.test-helper';
import { createPortfolio } from '../portfolio/portfolio-state';
import { fakeExchange, fakeRegistry, testHub } from './hub-fakes.test-helper';
import { serveHubPort } from './hub-port-session';
import { CHART_PAIR_MS, CHART_QUIET_MS } from './chart-outbox';
import { DEFAULT_HUB_TIMING } from './hub';
import { memoryPort } from './memory-port.test-helper';

const BTC = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;
const ETH = { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT', contractType: 'linear' } as const;

/** A hub serving a real portfolio that already holds a BTC position on OKX and an ETH one on Bybit. */
function setUp() {
  const time = createFakeTime();
  const portfolio = createPortfolio({ clock: time.clock });
  portfolio.replaceAccount('okx', {
    positions: [positionPush({ symbol: 'BTC-USDT-SWAP' })],
    balance: aBalance('okx', '1000'),
    orders: [],
  });
  portfolio.replaceAccount('bybit', {
    positions: [positionPush({ exchange: 'bybit', symbol: 'ETHUSDT', category: 'linear' })],
    balance: aBalance('bybit', '2000'),
    orders: [anOrder()],
  });
  // The hub writes the fake exchange's pushes into the portfolio it serves the ports from.
  const okx = fakeExchange('okx');
  const hub = testHub(time, fakeRegistry({ okx: okx.exchange }), { portfolio, account: portfolio });
  const connect = (sender: Sender, tabId?: number) => {
    const page = memoryPort();
    serveHubPort(page.port, sender, hub, { tabId });
    return page;
  };
  /**
   * A chart page of tab `tabId` following `quotes`, once its want settled: `later()` lists what it heard
   * after the snapshot and the exchange links' first status.
   */
  const followChart = async (tabId: number, quotes: readonly object[]) => {
    const page = connect('content', tabId);
    page.send({ type: 'want', quotes });
    await time.flush();
    time.advance(100);
    const settled = page.received.length;
    return { ...page, later: () => page.received.slice(settled) };
  };
  return { time, portfolio, okx, hub, connect, followChart };
}

const symbols = (list: readonly { symbol: string }[] | undefined) => list?.map(({ symbol }) => symbol);

describe.each<Sender>(['popup', 'options'])('the hub port of the %s', (sender) => {
  it('sends the whole account at once when asked for it', () => {
    const { connect } = setUp();
    const page = connect(sender);
    page.send({ type: 'want', quotes: [BTC], account: true });
    const [snapshot] = page.received;
    expect(snapshot?.type).toBe('snapshot');
    const account = snapshot?.type === 'snapshot' ? snapshot.account : undefined;
    expect(symbols(account?.positions)).toEqual(['BTC-USDT-SWAP', 'ETHUSDT']);
    expect(account?.balances?.map(({ exchange }) => exchange)).toEqual(['okx', 'bybit']);
    expect(symbols(account?.orders)).toEqual(['ETHUSDT']);
    expect(account?.totals?.overallPnlUsd).toBe(0);
    expect(account?.freshness?.map(({ exchange, restored }) => [exchange, restored])).toEqual([
      ['okx', false],
      ['bybit', false],
    ]);
  });

  it('sends no account to a page that did not ask for it', () => {
    const { connect, portfolio, time } = setUp();
    const page = connect(sender);
    page.send({ type: 'want', quotes: [BTC] });
    portfolio.applyEvent(walletPush('okx', '1500'));
    time.advance(1_000);
    expect(page.received.map((message) => 'account' in message)).toEqual([false]);
  });

  it('coalesces a burst of account changes into one message per frame, latest state winning', () => {
    const { connect, portfolio, time } = setUp();
    const page = connect(sender);
    page.send({ type: 'want', quotes: [], account: true });
    for (let mark = 50_100; mark <= 51_000; mark += 100)
      portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { mark: String(mark), ts: 5_000 }));
    portfolio.applyEvent(walletPush('okx', '1500'));
    // The snapshot and the burst's first change go at once; the rest wait for the interval.
    expect(page.received).toHaveLength(2);
    time.advance(DEFAULT_HUB_TIMING.coalesceMs - 1);
    expect(page.received).toHaveLength(2);
    time.advance(DEFAULT_HUB_TIMING.coalesceMs);
    expect(page.received).toHaveLength(3);
    const changes = page.received[2];
    const account = changes?.type === 'changes' ? changes.account : undefined;
    // 0.5 BTC long from 50,000 marked at 51,000.
    expect(account?.positions?.find(({ symbol }) => symbol === 'BTC-USDT-SWAP')?.pnl).toBe(500);
    expect(account?.totals?.overallPnlUsd).toBe(500);
    expect(account?.balances?.find(({ exchange }) => exchange === 'okx')?.totalEquityUsd).toBe('1500');
    // Open orders did not change, so they are not sent again.
    expect(account?.orders).toBeUndefined();
    time.advance(1_000);
    expect(page.received).toHaveLength(3);
  });
});

describe('the hub port of a chart page', () => {
  it('gets only the position on the instrument it follows, and that exchange’s freshness', async () => {
    const { connect, time } = setUp();
    const chart = connect('content', 7);
    chart.send({ type: 'want', quotes: [ETH] });
    await time.flush();
    const [snapshot] = chart.received;
    const account = snapshot?.type === 'snapshot' ? snapshot.account : undefined;
    expect(account).toEqual({
      positions: [expect.objectContaining({ exchange: 'bybit', symbol: 'ETHUSDT' })],
      freshness: [expect.objectContaining({ exchange: 'bybit' })],
    });
  });

  it('hears nothing when other symbols, balances or orders change', async () => {
    const { followChart, portfolio, time } = setUp();
    const chart = await followChart(7, [ETH]);
    portfolio.applyEvent(aTicker('okx', 'BTC-USDT-SWAP', { mark: '52000', ts: 5_000 }));
    portfolio.applyEvent(walletPush('bybit', '2500'));
    portfolio.applyEvent(anOrder({ orderId: 'o-2' }));
    portfolio.applyEvent(positionPush({ symbol: 'SOL-USDT-SWAP' }, 6_000));
    time.advance(1_000);
    expect(chart.later()).toEqual([]);
  });

  it('hears its own position change, without anything else of the account', async () => {
    const { followChart, portfolio, time } = setUp();
    const chart = await followChart(7, [ETH]);
    portfolio.applyEvent(aTicker('bybit', 'ETHUSDT', { mark: '51000', ts: 5_000 }));
    time.advance(100);
    const [changes] = chart.later();
    expect(changes?.type === 'changes' ? changes.account : undefined).toEqual({
      positions: [expect.objectContaining({ symbol: 'ETHUSDT', pnl: 500 })],
    });
  });

  it('hears its exchange go stale, and nothing of the other exchange', async () => {
    const { followChart, portfolio, time } = setUp();
    const ethChart = await followChart(7, [ETH]);
    const btcChart = await followChart(8, [BTC]);
    portfolio.markStale('bybit', true);
    time.advance(100);
    // The ETH chart also heard the connection status when the BTC chart came: only account parts count here.
    const accountParts = ethChart
      .later()
      .flatMap((message) => (message.type === 'changes' && message.account ? [message.account] : []));
    expect(accountParts).toEqual([
      { freshness: [expect.objectContaining({ exchange: 'bybit', stale: true })] },
    ]);
    expect(btcChart.later()).toEqual([]);
  });

  it.each([{ account: true }, { watchlist: true }])(
    'is refused %j, in words, and its wants stay as they were',
    async (extra) => {
      const { followChart, hub, time } = setUp();
      const chart = await followChart(7, [ETH]);
      chart.send({ type: 'want', quotes: [ETH, BTC], ...extra });
      await time.flush();
      expect(chart.later()).toEqual([
        {
          type: 'error',
          message:
            'A chart page may not receive the account or the watchlist: it gets only the position on the instruments it asks quotes for. Send { type: "want", quotes: [...] } without "account" or "watchlist".',
        },
      ]);
      expect(hub.tabInstruments(7)).toEqual([ETH]);
    },
  );

  it('tells the hub which tab follows what, until the page goes away', async () => {
    const { connect, hub, time } = setUp();
    const chart = connect('content', 7);
    const popup = connect('popup', 7);
    chart.send({ type: 'want', quotes: [ETH] });
    popup.send({ type: 'want', quotes: [BTC] });
    await time.flush();
    expect(hub.tabInstruments(7)).toEqual([ETH]);
    expect(hub.tabInstruments(8)).toEqual([]);
    chart.close();
    expect(hub.tabInstruments(7)).toEqual([]);
  });
});

describe.each<Sender>(['popup', 'content'])('a mark tick on a held position, to the %s', (sender) => {
  /** A page of `sender` following BTC (with the whole account, for an extension page), once settled. */
  const following = async () => {
    const { connect, okx, time } = setUp();
    const page = connect(sender, 7);
    page.send({ type: 'want', quotes: [BTC], ...(sender === 'content' ? {} : { account: true }) });
    await time.flush();
    time.advance(1_000);
    const settled = page.received.length;
    return { okx, later: () => page.received.slice(settled) };
  };

  it('arrives as one message: the quote with the position it re-priced, sent at once', async () => {
    const { okx, later } = await following();
    okx.push(aTicker('okx', 'BTC-USDT-SWAP', { mark: '51000', last: '51000.5', ts: 5_000 }));
    const messages = later();
    expect(messages).toHaveLength(1);
    const [message] = messages;
    const changes = message?.type === 'changes' ? message : undefined;
    expect(changes?.quotes).toEqual([
      expect.objectContaining({ symbol: 'BTC-USDT-SWAP', mark: '51000', last: '51000.5' }),
    ]);
    // 0.5 BTC long from 50,000 marked at 51,000.
    expect(changes?.account?.positions?.find(({ symbol }) => symbol === 'BTC-USDT-SWAP')?.pnl).toBe(500);
  });

  it('leaves the port room for the next tick: a last price right after goes at once too', async () => {
    const { okx, later } = await following();
    okx.push(aTicker('okx', 'BTC-USDT-SWAP', { mark: '51000', last: '51000.5', ts: 5_000 }));
    okx.push(aTicker('okx', 'BTC-USDT-SWAP', { last: '51001', ts: 5_001 }));
    expect(later().map((message) => (message.type === 'changes' ? message.quotes[0]?.last : ''))).toEqual([
      '51000.5',
      '51001',
    ]);
  });
});

describe('a tick on a held position, to a chart page', () => {
  /** A chart page following BTC, settled on a last price of 50,000 with the mark there too. */
  const settled = async () => {
    const { followChart, okx, time } = setUp();
    const page = await followChart(7, [BTC]);
    okx.push(aTicker('okx', 'BTC-USDT-SWAP', { mark: '50000', last: '50000', ts: 5_000 }));
    time.advance(1_000);
    const before = page.later().length;
    return { okx, time, heard: () => page.later().slice(before) };
  };
  const pnlIn = (message: HubPortMessage | undefined) =>
    message?.type === 'changes' ? message.account?.positions?.[0]?.pnl : undefined;

  it('arrives as one message: the mark’s new PnL waits for the last price that follows it', async () => {
    const { okx, heard } = await settled();
    okx.push(aTicker('okx', 'BTC-USDT-SWAP', { mark: '51000', last: '50000', ts: 5_001 }));
    expect(heard()).toEqual([]);
    okx.push(aTicker('okx', 'BTC-USDT-SWAP', { mark: '51000', last: '51000.5', ts: 5_002 }));
    const messages = heard();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.type === 'changes' ? messages[0].quotes.map(({ last }) => last) : []).toEqual([
      '51000.5',
    ]);
    // 0.5 BTC long from 50,000 marked at 51,000.
    expect(pnlIn(messages[0])).toBe(500);
  });

  it('takes what moves no figure along with the next new price, instead of a message of its own', async () => {
    const { followChart, okx, time } = setUp();
    const ETH_OKX = { exchange: 'okx', kind: 'perpetual', symbol: 'ETH-USDT-SWAP' } as const;
    const page = await followChart(7, [BTC, ETH_OKX]);
    okx.push(aTicker('okx', 'ETH-USDT-SWAP', { last: '3000', ts: 5_000 }));
    okx.push(aTicker('okx', 'BTC-USDT-SWAP', { mark: '50000', last: '50000', ts: 5_000 }));
    time.advance(1_000);
    const before = page.later().length;
    okx.push(aTicker('okx', 'ETH-USDT-SWAP', { last: '3000', bid: '2999.5', ts: 5_001 }));
    okx.push(aTicker('okx', 'BTC-USDT-SWAP', { mark: '50000', last: '50001', ts: 5_002 }));
    time.advance(CHART_QUIET_MS);
    const messages = page.later().slice(before);
    expect(messages).toHaveLength(1);
    const quotes = messages[0]?.type === 'changes' ? messages[0].quotes : [];
    expect(quotes.map(({ symbol, last, bid }) => [symbol, last, bid])).toEqual([
      ['ETH-USDT-SWAP', '3000', '2999.5'],
      ['BTC-USDT-SWAP', '50001', undefined],
    ]);
  });

  it('sends the new PnL alone within a frame when no new last price comes', async () => {
    const { okx, time, heard } = await settled();
    okx.push(aTicker('okx', 'BTC-USDT-SWAP', { mark: '51000', last: '50000', ts: 5_001 }));
    time.advance(CHART_PAIR_MS - 1);
    expect(heard()).toEqual([]);
    time.advance(1);
    expect(heard().map(pnlIn)).toEqual([500]);
  });
});

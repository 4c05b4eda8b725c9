import { describe, expect, it } from 'vitest';
import type { HubPortMessage, WantedInstrument } from '../../contracts/ports';
import type { ExchangeId } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { PORT_BURST } from './port-coalescer';
import {
  BTC,
  ETH,
  fakeExchange,
  fakeRegistry,
  memoryWantedStore,
  recordingPortfolio,
  testHub,
  ticker,
} from './hub-fakes.test-helper';
import { DEFAULT_HUB_TIMING } from './hub';

const lastStatus = (received: readonly HubPortMessage[]) =>
  received.flatMap((message) => (message.type === 'changes' ? message.status : [])).at(-1);

function setUp(id: ExchangeId, options: { credentials?: boolean; saved?: readonly WantedInstrument[] } = {}) {
  const time = createFakeTime();
  const exchange = fakeExchange(id, (symbol) => ticker(id, symbol, '42', time.clock.now()));
  const written = recordingPortfolio();
  const wanted = memoryWantedStore(options.saved);
  const hub = testHub(time, fakeRegistry({ [id]: exchange.exchange }), {
    portfolio: written.portfolio,
    hasCredentials: () => Promise.resolve(options.credentials ?? false),
    wanted,
  });
  const open = () => {
    const received: HubPortMessage[] = [];
    const port = hub.connect((message) => received.push(message));
    return { port, received };
  };
  const quoteSymbols = () =>
    exchange
      .subscriptions()
      .flatMap((request) => ('instrument' in request ? [request.instrument.symbol] : []));
  return { time, exchange, written, wanted, hub, open, quoteSymbols };
}

describe.each(['okx', 'bybit'] as const)('the hub on %s', (id) => {
  it('subscribes one topic however many ports want it, and keeps it until the last one is gone', async () => {
    const { time, open, quoteSymbols } = setUp(id);
    const first = open();
    const second = open();
    first.port.want([BTC[id]]);
    second.port.want([BTC[id], ETH[id]]);
    await time.flush();
    expect(quoteSymbols().sort()).toEqual([BTC[id].symbol, ETH[id].symbol].sort());

    second.port.disconnect();
    await time.flush();
    expect(quoteSymbols()).toEqual([BTC[id].symbol]);

    first.port.disconnect();
    await time.flush();
    time.advance(59_999);
    await time.flush();
    expect(quoteSymbols()).toEqual([BTC[id].symbol]);
    time.advance(1);
    await time.flush();
    expect(quoteSymbols()).toEqual([]);
  });

  it('tells the exchange in use that the network is back', async () => {
    const { time, open, exchange, hub } = setUp(id);
    open().port.want([BTC[id]]);
    await time.flush();

    hub.networkBack();

    expect(exchange.reconnects()).toBe(1);
  });

  it('keeps the sockets when a page comes back within the grace period', async () => {
    const { time, open, quoteSymbols } = setUp(id);
    open().port.disconnect();
    const first = open();
    first.port.want([BTC[id]]);
    await time.flush();
    first.port.disconnect();
    time.advance(30_000);
    open().port.want([BTC[id]]);
    time.advance(60_000);
    await time.flush();
    expect(quoteSymbols()).toEqual([BTC[id].symbol]);
  });

  it('sends a snapshot at once, then only what the port asked for, coalesced: one message per frame, latest price wins', async () => {
    const { time, exchange, open } = setUp(id);
    const btc = open();
    const eth = open();
    btc.port.want([BTC[id]]);
    eth.port.want([ETH[id]]);
    await time.flush();
    expect(btc.received[0]).toEqual({ type: 'snapshot', quotes: [], status: expect.any(Array) as unknown });
    // The status the subscription published goes out too.
    time.advance(100);
    btc.received.length = 0;
    eth.received.length = 0;
    time.advance(100);
    for (let i = 1; i <= 50; i++) exchange.push(ticker(id, BTC[id].symbol, String(100 + i), i));
    // The first changes go out at once (PORT_BURST); the rest of the burst waits for the interval.
    expect(btc.received).toHaveLength(PORT_BURST);
    time.advance(DEFAULT_HUB_TIMING.coalesceMs - 1);
    expect(btc.received).toHaveLength(PORT_BURST);
    time.advance(DEFAULT_HUB_TIMING.coalesceMs);

    const quotes = btc.received.flatMap((message) => (message.type === 'changes' ? message.quotes : []));
    expect(btc.received).toHaveLength(PORT_BURST + 1);
    expect(quotes.map((quote) => quote.last)).toEqual(['101', '102', '150']);
    expect(eth.received.flatMap((message) => (message.type === 'changes' ? message.quotes : []))).toEqual([]);
  });

  it('answers a later want with a snapshot of the last known prices', async () => {
    const { time, exchange, open } = setUp(id);
    open().port.want([BTC[id]]);
    await time.flush();
    exchange.push(ticker(id, BTC[id].symbol, '123.5', 7));
    const late = open();
    late.port.want([BTC[id]]);
    expect(late.received[0]).toMatchObject({
      type: 'snapshot',
      quotes: [{ exchange: id, symbol: BTC[id].symbol, last: '123.5', ts: 7 }],
    });
  });

  it('falls back to REST prices while the stream is stale, and stops when pushes return', async () => {
    const { time, exchange, written, open } = setUp(id);
    const page = open();
    page.port.want([BTC[id]]);
    await time.flush();
    exchange.status({ type: 'state', socket: 'public', state: 'connected' });
    exchange.status({ type: 'data-age', socket: 'public', ageMs: 2_000 });
    expect(exchange.restCalls).toEqual([]);

    exchange.status({ type: 'data-age', socket: 'public', ageMs: 10_001 });
    await time.flush();
    expect(exchange.restCalls).toEqual([`quote ${BTC[id].symbol}`]);
    expect(written.stale).toEqual([[id, true]]);
    time.advance(100);
    expect(lastStatus(page.received)).toMatchObject({
      exchange: id,
      state: 'live',
      stale: true,
      dataAgeMs: 10_001,
    });
    time.advance(5_000);
    await time.flush();
    expect(exchange.restCalls).toHaveLength(2);
    time.advance(100);
    const polled = page.received.flatMap((message) => (message.type === 'changes' ? message.quotes : []));
    expect(polled.map((quote) => quote.last)).toContain('42');

    exchange.push(ticker(id, BTC[id].symbol, '43'));
    exchange.status({ type: 'data-age', socket: 'public', ageMs: 300 });
    time.advance(20_000);
    await time.flush();
    expect(exchange.restCalls).toHaveLength(2);
    expect(written.stale).toEqual([
      [id, true],
      [id, false],
    ]);
    expect(lastStatus(page.received)).toMatchObject({ state: 'live', stale: false });
  });

  it('calls the data stale, not live, after a socket comes back until the data age says it is fresh', async () => {
    const { time, exchange, open } = setUp(id);
    const page = open();
    page.port.want([BTC[id]]);
    await time.flush();
    exchange.status({ type: 'state', socket: 'public', state: 'connected' });
    exchange.status({ type: 'state', socket: 'spot', state: 'connected' });
    exchange.status({ type: 'data-age', socket: 'public', ageMs: 300 });
    exchange.status({ type: 'state', socket: 'spot', state: 'reconnecting' });
    exchange.status({ type: 'data-age', socket: 'spot', ageMs: 13_000 });
    exchange.status({ type: 'state', socket: 'spot', state: 'connected' });
    // The first tick after the reconnect, before the next data-age report (once a second).
    exchange.push(ticker(id, BTC[id].symbol, '43'));
    time.advance(100);
    // The status line reads "stale · 13 s" (connection-label.test.ts), not "live · 13 s".
    expect(lastStatus(page.received)).toMatchObject({ state: 'live', stale: true, dataAgeMs: 13_000 });

    exchange.status({ type: 'data-age', socket: 'spot', ageMs: 200 });
    time.advance(100);
    expect(lastStatus(page.received)).toMatchObject({ state: 'live', stale: false, dataAgeMs: 300 });
  });

  it('judges freshness by the market sockets: a quiet account socket is not stale, a quiet market socket is, whatever the order', async () => {
    const { time, exchange, written, open } = setUp(id, { credentials: true });
    const page = open();
    page.port.want([BTC[id]], 'whole');
    await time.flush();
    exchange.status({ type: 'logged-in', socket: 'private' });
    exchange.status({ type: 'data-age', socket: 'public', ageMs: 200 });
    exchange.status({ type: 'data-age', socket: 'private', ageMs: 60_000 });
    time.advance(100);
    expect(written.stale).toEqual([]);
    expect(lastStatus(page.received)).toMatchObject({ stale: false, dataAgeMs: 200 });

    exchange.status({ type: 'data-age', socket: 'spot', ageMs: 10_001 });
    exchange.status({ type: 'data-age', socket: 'public', ageMs: 300 });
    time.advance(100);
    expect(written.stale).toEqual([[id, true]]);
    expect(lastStatus(page.received)).toMatchObject({ stale: true, dataAgeMs: 10_001 });
  });

  it('streams the quotes the worker watches with no page open, and releases them after the grace', async () => {
    const { time, hub, open, quoteSymbols, wanted } = setUp(id);
    await hub.setBackgroundInstruments([ETH[id], ETH[id]]);
    await time.flush();
    expect(quoteSymbols()).toEqual([ETH[id].symbol]);

    const page = open();
    page.port.want([BTC[id]]);
    page.port.disconnect();
    await time.flush();
    time.advance(60_000);
    await time.flush();
    expect(quoteSymbols()).toEqual([ETH[id].symbol]);
    // What the worker watches is its own to set again on waking, not a page's want to restore.
    expect(wanted.saved()).toEqual([]);

    await hub.setBackgroundInstruments([]);
    time.advance(60_000);
    await time.flush();
    expect(quoteSymbols()).toEqual([]);
  });

  it("opens only what the worker's alerts watch: their quotes alone, the account streams alone", async () => {
    const time = createFakeTime();
    const exchange = fakeExchange(id, (symbol) => ticker(id, symbol, '42', time.clock.now()));
    const hub = testHub(time, fakeRegistry({ [id]: exchange.exchange }), {
      hasCredentials: () => Promise.resolve(true),
      watchlist: () => Promise.resolve([BTC[id]]),
    });
    const streams = () =>
      exchange
        .subscriptions()
        .map((request) => ('instrument' in request ? request.instrument.symbol : request.kind));

    await hub.setBackgroundInstruments([ETH[id]]);
    await time.flush();
    // Not the watchlist's BTC, and no account stream: a price alert needs one quote.
    expect(streams()).toEqual([ETH[id].symbol]);

    await hub.setBackgroundAccount(true);
    await time.flush();
    expect(streams().sort()).toEqual(
      [ETH[id].symbol, 'balances', 'orders', 'positions', 'protection'].sort(),
    );

    await hub.setBackgroundInstruments([]);
    await time.flush();
    expect(streams().sort()).toEqual(['balances', 'orders', 'positions', 'protection']);
  });

  it('keeps the prices live while the account socket is refused at login, and reports the account down', async () => {
    const { time, exchange, open } = setUp(id, { credentials: true });
    const page = open();
    page.port.want([BTC[id]], 'whole');
    await time.flush();
    exchange.status({ type: 'state', socket: 'public', state: 'connected' });
    exchange.status({ type: 'state', socket: 'private', state: 'connected' });
    exchange.status({ type: 'error', socket: 'private', reason: 'login-failed', message: 'login refused' });
    exchange.status({ type: 'state', socket: 'private', state: 'reconnecting' });
    time.advance(100);
    expect(lastStatus(page.received)).toMatchObject({
      state: 'live',
      account: 'down',
      lastError: 'login refused',
    });

    // The retry opens the socket before the exchange answers its login: still refused, not live.
    exchange.status({ type: 'state', socket: 'private', state: 'connected' });
    time.advance(100);
    expect(lastStatus(page.received)).toMatchObject({ state: 'live', account: 'down' });

    exchange.status({ type: 'logged-in', socket: 'private' });
    time.advance(100);
    expect(lastStatus(page.received)).toMatchObject({ state: 'live', account: 'live' });
  });

  it('reports a reconnected account socket as connecting until its login is accepted', async () => {
    const { time, exchange, open } = setUp(id, { credentials: true });
    const page = open();
    page.port.want([BTC[id]], 'whole');
    await time.flush();
    exchange.status({ type: 'state', socket: 'public', state: 'connected' });
    exchange.status({ type: 'state', socket: 'private', state: 'connected' });
    exchange.status({ type: 'logged-in', socket: 'private' });
    time.advance(100);
    expect(lastStatus(page.received)).toMatchObject({ account: 'live' });

    exchange.status({ type: 'state', socket: 'private', state: 'reconnecting' });
    exchange.status({ type: 'state', socket: 'private', state: 'connected' });
    time.advance(100);
    expect(lastStatus(page.received)).toMatchObject({ state: 'live', account: 'connecting' });

    exchange.status({ type: 'logged-in', socket: 'private' });
    time.advance(100);
    expect(lastStatus(page.received)).toMatchObject({ account: 'live' });
  });

  it('opens the account streams only with unlocked keys, and snapshots the account over REST once subscribed', async () => {
    const locked = setUp(id);
    locked.open().port.want([]);
    await locked.time.flush();
    expect(locked.exchange.subscriptions()).toEqual([]);

    const unlocked = setUp(id, { credentials: true });
    unlocked.open().port.want([]);
    await unlocked.time.flush();
    expect(
      unlocked.exchange
        .subscriptions()
        .map((request) => request.kind)
        .sort(),
    ).toEqual(['balances', 'orders', 'positions', 'protection']);
    unlocked.exchange.status({ type: 'subscribed', socket: 'private' });
    await unlocked.time.flush();
    expect(unlocked.written.accounts).toEqual([[id, { positions: [], balance: undefined, orders: [] }]]);
    // The stops and targets are listed with it: pushes before the topics were confirmed are lost.
    expect(unlocked.written.protections).toEqual([[id, []]]);
  });

  it('folds a burst of subscription confirmations into two account snapshots, not one each', async () => {
    const { exchange, open, time, written } = setUp(id, { credentials: true });
    open().port.want([BTC[id]]);
    await time.flush();
    for (const socket of ['public', 'private', 'private', 'business', 'private'])
      exchange.status({ type: 'subscribed', socket });
    await time.flush();
    expect(exchange.restCalls.filter((call) => call === 'positions')).toHaveLength(2);
    expect(written.accounts).toHaveLength(2);

    exchange.status({ type: 'subscribed', socket: 'private' });
    await time.flush();
    expect(exchange.restCalls.filter((call) => call === 'positions')).toHaveLength(3);
  });

  it("reopens the last worker's wanted quotes on restore, and lets them go after the grace period", async () => {
    const { time, hub, wanted, quoteSymbols } = setUp(id, { saved: [BTC[id]] });
    await hub.restore();
    expect(quoteSymbols()).toEqual([BTC[id].symbol]);
    time.advance(60_000);
    await time.flush();
    time.advance(60_000);
    await time.flush();
    expect(quoteSymbols()).toEqual([]);
    expect(wanted.saved()).toEqual([]);
  });

  it('saves what the ports want, so a restarted worker can reopen it', async () => {
    const { time, open, wanted } = setUp(id);
    open().port.want([BTC[id], ETH[id]]);
    await time.flush();
    expect(wanted.saved()).toEqual([BTC[id], ETH[id]]);
  });
});

describe('the hub and a rebuilt exchange', () => {
  it('moves every wanted topic to the new Exchange and lets go of the old one', async () => {
    const time = createFakeTime();
    const before = fakeExchange('okx');
    const after = fakeExchange('okx');
    let current = before.exchange;
    let rebuilt: ((exchange: ExchangeId) => void) | undefined;
    const hub = testHub(time, {
      exchange: (id) => Promise.resolve(id === 'okx' ? current : undefined),
      onRebuild: (listener) => {
        rebuilt = listener;
        return () => undefined;
      },
    });
    hub.connect(() => undefined).want([BTC.okx]);
    await time.flush();
    expect(before.subscriptions()).toHaveLength(1);

    current = after.exchange;
    rebuilt?.('okx');
    await time.flush();

    expect(before.subscriptions()).toEqual([]);
    expect(before.statusListeners()).toBe(0);
    expect(after.subscriptions()).toEqual([
      { kind: 'quote', instrument: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } },
    ]);
  });
});

describe('a want that asks for the watchlist', () => {
  function setUpWatchlist(watchlist: () => Promise<readonly WantedInstrument[]>) {
    const time = createFakeTime();
    const exchange = fakeExchange('okx');
    const hub = testHub(time, fakeRegistry({ okx: exchange.exchange }), { watchlist });
    const received: HubPortMessage[] = [];
    const port = hub.connect((message) => received.push(message));
    return { time, exchange, port, received };
  }

  it('gets the watchlist and its quotes in one snapshot, plus the quotes it named', async () => {
    const { time, exchange, port, received } = setUpWatchlist(() => Promise.resolve([BTC.okx]));
    port.want([], 'none', true);
    await time.flush();
    exchange.push(ticker('okx', BTC.okx.symbol, '101'));
    port.want([ETH.okx], 'none', true);
    await time.flush();

    expect(received.filter((message) => message.type === 'snapshot')).toEqual([
      { type: 'snapshot', quotes: [], status: [], watchlist: [BTC.okx] },
      {
        type: 'snapshot',
        quotes: [expect.objectContaining({ symbol: BTC.okx.symbol, last: '101' }) as unknown],
        status: expect.any(Array) as unknown,
        watchlist: [BTC.okx],
      },
    ]);
    expect(
      exchange
        .subscriptions()
        .flatMap((request) => ('instrument' in request ? [request.instrument.symbol] : []))
        .sort(),
    ).toEqual([BTC.okx.symbol, ETH.okx.symbol].sort());
  });

  it('is overtaken by a newer want while it still reads the watchlist', async () => {
    const waiting: ((list: readonly WantedInstrument[]) => void)[] = [];
    const { time, port, received } = setUpWatchlist(
      () =>
        new Promise((resolve) => {
          waiting.push(resolve);
        }),
    );
    port.want([], 'none', true);
    port.want([ETH.okx]);
    for (const answer of waiting) answer([BTC.okx]);
    await time.flush();

    expect(received).toEqual([{ type: 'snapshot', quotes: [], status: [] }]);
  });
});

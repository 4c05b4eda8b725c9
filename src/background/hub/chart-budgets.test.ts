import { describe, expect, it } from 'vitest';
import type { Sender } from '../../contracts';
import type { HubPortMessage, WantedInstrument } from '../../contracts/ports';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { CHART_INSTRUMENTS_MAX } from './chart-instrument-cap';
import { fakeExchange, fakeRegistry, testHub } from './hub-fakes.test-helper';
import { serveHubPort } from './hub-port-session';
import { memoryPort } from './memory-port.test-helper';
import { CHART_WANT_RATE } from './tab-want-rate';

const TOO_OFTEN = 'This chart page changed symbols too often; Perch paused its quotes for a few seconds.';
const FULL =
  'Chart pages already follow 24 instruments, as many as Perch streams for them; close a chart tab you no longer need, then reload this page.';

/** A made-up OKX perpetual per number: enough distinct instruments to fill any budget. */
const coin = (n: number): WantedInstrument => ({
  exchange: 'okx',
  kind: 'perpetual',
  symbol: `C${String(n)}-USDT-SWAP`,
});
const coins = (from: number, count: number) => Array.from({ length: count }, (_, i) => coin(from + i));
/** How the hub answered a page's wants, in order: a snapshot, or its refusal's words (statuses left out). */
const answers = (received: readonly HubPortMessage[]) =>
  received.flatMap((message) =>
    message.type === 'snapshot' ? ['snapshot'] : message.type === 'error' ? [message.message] : [],
  );
const refusals = (received: readonly HubPortMessage[]) =>
  answers(received).filter((answer) => answer !== 'snapshot');

function setUp(watchlist: readonly WantedInstrument[] = []) {
  const time = createFakeTime();
  const okx = fakeExchange('okx');
  const hub = testHub(time, fakeRegistry({ okx: okx.exchange }), {
    watchlist: () => Promise.resolve(watchlist),
  });
  const connect = (sender: Sender, tabId?: number) => {
    const page = memoryPort();
    serveHubPort(page.port, sender, hub, { tabId });
    const want = async (quotes: readonly WantedInstrument[]) => {
      page.send({ type: 'want', quotes });
      await time.flush();
    };
    return {
      ...page,
      want,
      answers: () => answers(page.received),
      last: () => answers(page.received).at(-1),
    };
  };
  /** The instruments subscribed on the exchange right now. */
  const subscribed = () =>
    okx.subscriptions().flatMap((request) => ('instrument' in request ? [request.instrument.symbol] : []));
  return { time, hub, connect, subscribed };
}

describe('a chart page’s rate of wants', () => {
  it('refuses a tab past its burst in words, keeps what the page follows, and applies its last want once the tab has room', async () => {
    const { time, hub, connect, subscribed } = setUp();
    const chart = connect('content', 7);
    for (let n = 1; n <= CHART_WANT_RATE.burst; n += 1) await chart.want([coin(n)]);
    expect(refusals(chart.received)).toEqual([]);

    await chart.want([coin(100)]);
    await chart.want([coin(101)]);

    expect(chart.answers().slice(-2)).toEqual([TOO_OFTEN, TOO_OFTEN]);
    expect(hub.tabInstruments(7)).toEqual([coin(CHART_WANT_RATE.burst)]);
    expect(subscribed()).toEqual([coin(CHART_WANT_RATE.burst).symbol]);

    time.advance(CHART_WANT_RATE.refillEveryMs - 1);
    await time.flush();
    expect(hub.tabInstruments(7)).toEqual([coin(CHART_WANT_RATE.burst)]);
    time.advance(1);
    await time.flush();
    // Only the latest of the two waited: the page shows what it asked for last, without asking again.
    expect(hub.tabInstruments(7)).toEqual([coin(101)]);
    expect(chart.last()).toBe('snapshot');
    expect(subscribed()).toEqual([coin(101).symbol]);
  });

  it('takes a whole burst again once the window has passed', async () => {
    const { time, hub, connect } = setUp();
    const chart = connect('content', 7);
    for (let n = 0; n < CHART_WANT_RATE.burst; n += 1) await chart.want([coin(n)]);

    time.advance(CHART_WANT_RATE.burst * CHART_WANT_RATE.refillEveryMs);
    for (let n = 100; n < 100 + CHART_WANT_RATE.burst; n += 1) await chart.want([coin(n)]);
    expect(refusals(chart.received)).toEqual([]);
    expect(hub.tabInstruments(7)).toEqual([coin(100 + CHART_WANT_RATE.burst - 1)]);
    await chart.want([coin(200)]);
    expect(chart.last()).toBe(TOO_OFTEN);
  });

  it('counts every port of one tab together, and no other tab', async () => {
    const { hub, connect } = setUp();
    for (let n = 0; n < CHART_WANT_RATE.burst; n += 1) await connect('content', 7).want([coin(n)]);

    const another = connect('content', 7);
    await another.want([coin(50)]);
    const elsewhere = connect('content', 8);
    await elsewhere.want([coin(51)]);

    expect(another.answers()).toEqual([TOO_OFTEN]);
    expect(elsewhere.answers()).toEqual(['snapshot']);
    expect(hub.tabInstruments(8)).toEqual([coin(51)]);
  });

  it('lets a page hammering the hub have one want a second, while the popup is answered at once', async () => {
    const { time, hub, connect } = setUp();
    const chart = connect('content', 7);
    for (let n = 0; n < 1_000; n += 1) chart.send({ type: 'want', quotes: [coin(n)] });
    const popup = connect('popup');
    await popup.want(coins(2_000, 50));

    expect(popup.answers()).toEqual(['snapshot']);
    expect(refusals(chart.received)).toEqual(Array<string>(1_000 - CHART_WANT_RATE.burst).fill(TOO_OFTEN));
    // The burst's wants came one after another: the last of them is what the page follows.
    expect(hub.tabInstruments(7)).toEqual([coin(CHART_WANT_RATE.burst - 1)]);
    time.advance(CHART_WANT_RATE.refillEveryMs * 5);
    await time.flush();
    // Of the refused, only the last waited, and it came through after a second.
    expect(hub.tabInstruments(7)).toEqual([coin(999)]);
    expect(chart.answers().filter((answer) => answer === 'snapshot')).toHaveLength(2);
  });

  it('forgets the waiting want of a page that went away', async () => {
    const { time, hub, connect, subscribed } = setUp();
    for (let n = 0; n < CHART_WANT_RATE.burst; n += 1) await connect('content', 7).want([coin(n)]);
    const gone = connect('content', 7);
    await gone.want([coin(77)]);
    gone.close();
    time.advance(CHART_WANT_RATE.refillEveryMs);
    await time.flush();

    expect(hub.tabInstruments(7)).not.toContainEqual(coin(77));
    expect(subscribed()).not.toContain(coin(77).symbol);
  });

  it.each<Sender>(['popup', 'options'])('never holds the %s to it', async (sender) => {
    const { connect } = setUp();
    const page = connect(sender, 7);
    for (let n = 0; n < 100; n += 1) await page.want(coins(n, 50));

    expect(page.answers()).toEqual(Array<string>(100).fill('snapshot'));
  });
});

describe('the cap on what chart pages follow together', () => {
  /** Tabs 1 to 6 follow four instruments each of their own: the cap, reached. */
  async function fullUp(setup: ReturnType<typeof setUp>) {
    const charts = [];
    for (let tab = 1; tab <= CHART_INSTRUMENTS_MAX / 4; tab += 1) {
      const chart = setup.connect('content', tab);
      await chart.want(coins(tab * 10, 4));
      charts.push(chart);
    }
    return charts;
  }

  it('refuses in words the page that would take it past the cap; the others keep theirs', async () => {
    const setup = setUp();
    const charts = await fullUp(setup);
    const late = setup.connect('content', 9);
    await late.want([coin(999)]);

    expect(charts.flatMap((chart) => refusals(chart.received))).toEqual([]);
    expect(late.answers()).toEqual([FULL]);
    expect(setup.subscribed()).toHaveLength(CHART_INSTRUMENTS_MAX);
    expect(setup.subscribed()).not.toContain(coin(999).symbol);
    expect(setup.hub.tabInstruments(1)).toEqual(coins(10, 4));
  });

  it('keeps what a page follows when its switch is refused', async () => {
    const setup = setUp();
    await fullUp(setup);
    const sharing = setup.connect('content', 9);
    await sharing.want([coin(10)]);
    await sharing.want([coin(999)]);
    expect(sharing.answers()).toEqual(['snapshot', FULL]);
    expect(setup.hub.tabInstruments(9)).toEqual([coin(10)]);
    expect(setup.subscribed()).not.toContain(coin(999).symbol);
  });

  it('takes a page that wants only what chart pages already follow', async () => {
    const setup = setUp();
    await fullUp(setup);
    const late = setup.connect('content', 9);
    await late.want([coin(10), coin(21)]);
    expect(late.answers()).toEqual(['snapshot']);
  });

  it('makes room when a page goes away', async () => {
    const setup = setUp();
    const [first] = await fullUp(setup);
    first?.close();
    const late = setup.connect('content', 9);
    await late.want([coin(999)]);
    expect(late.answers()).toEqual(['snapshot']);
    expect(setup.hub.tabInstruments(9)).toEqual([coin(999)]);
  });

  it('makes room when a page switches to what another already follows', async () => {
    const setup = setUp();
    const [first] = await fullUp(setup);
    await first?.want([coin(20)]);
    const late = setup.connect('content', 9);
    await late.want(coins(900, 4));
    expect(late.answers()).toEqual(['snapshot']);
    const later = setup.connect('content', 10);
    await later.want([coin(999)]);
    expect(later.answers()).toEqual([FULL]);
  });

  it('counts nothing the watchlist or an extension page streams anyway', async () => {
    const setup = setUp(coins(500, 10));
    const popup = setup.connect('popup');
    await popup.want(coins(600, 10));
    await fullUp(setup);

    const free = setup.connect('content', 9);
    await free.want([coin(500), coin(509), coin(600), coin(609)]);
    const extra = setup.connect('content', 10);
    await extra.want([coin(500), coin(999)]);

    expect(free.answers()).toEqual(['snapshot']);
    expect(extra.answers()).toEqual([FULL]);
  });

  it('never holds an extension page to it, nor takes from chart pages what they follow', async () => {
    const setup = setUp();
    const popup = setup.connect('popup');
    await popup.want([coin(999)]);
    const charts = await fullUp(setup);
    const onPopup = setup.connect('content', 9);
    await onPopup.want([coin(999)]);
    const options = setup.connect('options');
    await options.want(coins(700, 50));
    popup.close();
    await setup.time.flush();

    expect(options.answers()).toEqual(['snapshot']);
    expect(onPopup.answers()).toEqual(['snapshot']);
    // 25 instruments are chart pages' alone now: none is dropped, and a page sending its want again (as
    // one does after a reconnect) still passes, since it adds none.
    expect(setup.subscribed()).toHaveLength(CHART_INSTRUMENTS_MAX + 1 + 50);
    await charts[0]?.want(coins(10, 4));
    await onPopup.want([coin(999)]);
    expect(charts[0]?.last()).toBe('snapshot');
    expect(onPopup.last()).toBe('snapshot');
  });
});

describe('word of a chart tab’s instruments (the side panel follows it)', () => {
  it('names the tab when its chart follows another symbol and when its page goes', async () => {
    const { hub, connect } = setUp();
    const changed: number[] = [];
    hub.onTabWants((tabId) => changed.push(tabId));
    const chart = connect('content', 7);

    await chart.want([coin(1)]);
    await connect('popup').want([coin(2)]);
    chart.close();

    expect(changed).toEqual([7, 7]);
    expect(hub.tabInstruments(7)).toEqual([]);
  });
});

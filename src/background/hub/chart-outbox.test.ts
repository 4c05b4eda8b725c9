import { describe, expect, it } from 'vitest';
import type { ConnectionStatus, HubPortMessage, PortQuote } from '../../contracts/ports';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { CHART_QUIET_MS, createChartOutbox } from './chart-outbox';
import { fakeExchange, fakeRegistry, testHub } from './hub-fakes.test-helper';
import { createPortCoalescer } from './port-coalescer';

const btc = (fields: Partial<PortQuote>): PortQuote => ({
  exchange: 'bybit',
  kind: 'perpetual',
  symbol: 'BTCUSDT',
  ts: 1,
  ...fields,
});
const live = (exchange: 'okx' | 'bybit', fields: Partial<ConnectionStatus> = {}): ConnectionStatus => ({
  exchange,
  state: 'live',
  stale: false,
  ...fields,
});

function setUp() {
  const time = createFakeTime();
  const sent: HubPortMessage[] = [];
  const coalescer = createPortCoalescer({
    ...time,
    intervalMs: 16,
    send: (message) => sent.push(message),
    readAccount: () => undefined,
  });
  const outbox = createChartOutbox(coalescer, {
    timers: time.timers,
    follows: (exchange) => exchange === 'bybit',
  });
  const quotes = () => sent.flatMap((message) => ('quotes' in message ? message.quotes : []));
  const statuses = () => sent.flatMap((message) => ('status' in message ? message.status : []));
  outbox.snapshot([btc({ last: '100', bid: '99' })], [live('okx'), live('bybit')], undefined);
  return { time, sent, outbox, quotes, statuses };
}

describe('a chart page’s outbox', () => {
  it('sends only the status of the exchanges the page follows, in the snapshot and after', () => {
    const { time, outbox, statuses } = setUp();
    outbox.status(live('okx', { state: 'down' }));
    time.advance(CHART_QUIET_MS);
    expect(statuses().map((status) => status.exchange)).toEqual(['bybit']);
  });

  it('sends a new price at once, and a new bid under the same price at most once a second, latest winning', () => {
    const { time, outbox, quotes } = setUp();
    outbox.quote(btc({ last: '101', bid: '100' }));
    expect(quotes().map((quote) => quote.last)).toEqual(['100', '101']);

    outbox.quote(btc({ last: '101', bid: '100.5' }));
    outbox.quote(btc({ last: '101', bid: '100.7' }));
    time.advance(CHART_QUIET_MS - 1);
    expect(quotes()).toHaveLength(2);
    time.advance(1);
    expect(quotes().at(-1)).toEqual(btc({ last: '101', bid: '100.7' }));
    expect(quotes()).toHaveLength(3);
  });

  it('drops a held quote once a newer price has gone out for the same instrument', () => {
    const { time, outbox, quotes } = setUp();
    outbox.quote(btc({ last: '100', bid: '99.5' }));
    outbox.quote(btc({ last: '102', bid: '101' }));
    time.advance(CHART_QUIET_MS * 2);
    expect(quotes().map((quote) => quote.last)).toEqual(['100', '102']);
  });

  it('sends a change of state at once and a newer data age alone at most once a second', () => {
    const { time, outbox, statuses } = setUp();
    outbox.status(live('bybit', { dataAgeMs: 200 }));
    outbox.status(live('bybit', { dataAgeMs: 400 }));
    expect(statuses()).toHaveLength(1);
    time.advance(CHART_QUIET_MS);
    expect(statuses().at(-1)).toEqual(live('bybit', { dataAgeMs: 400 }));

    outbox.status(live('bybit', { dataAgeMs: 600 }));
    outbox.status(live('bybit', { stale: true, dataAgeMs: 12_000 }));
    expect(statuses().at(-1)).toEqual(live('bybit', { stale: true, dataAgeMs: 12_000 }));
    time.advance(CHART_QUIET_MS);
    expect(statuses()).toHaveLength(3);
  });

  it('is what the hub gives a chart page: another exchange’s news reaches the popup, not the chart', async () => {
    const time = createFakeTime();
    const okx = fakeExchange('okx');
    const bybit = fakeExchange('bybit');
    const hub = testHub(time, fakeRegistry({ okx: okx.exchange, bybit: bybit.exchange }));
    const chart: HubPortMessage[] = [];
    const popup: HubPortMessage[] = [];
    hub
      .connect((message) => chart.push(message), { tabId: 4 })
      .want([{ exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT' }]);
    hub.connect((message) => popup.push(message)).want([]);
    await time.flush();
    okx.status({ type: 'state', socket: 'public', state: 'reconnecting' });
    time.advance(CHART_QUIET_MS);
    const exchangesIn = (messages: HubPortMessage[]) =>
      new Set(
        messages.flatMap((message) => ('status' in message ? message.status : [])).map((s) => s.exchange),
      );
    expect(exchangesIn(popup).has('okx')).toBe(true);
    expect(exchangesIn(chart).has('okx')).toBe(false);
  });
});

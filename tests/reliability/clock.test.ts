import { describe, expect, it } from 'vitest';
import { createKeyAuditor } from '../../src/background/audit/key-auditor';
import {
  createFakeCredentials,
  createFakeProfiles,
} from '../../src/background/profiles/profile-fakes.test-helper';
import type { ClosableExchangeRegistry } from '../../src/background/profiles/exchange-registry';
import type { Exchange, ExchangeId, SocketStatusEvent } from '../../src/exchanges/index';
import { simPositions } from '../integration/close-harness';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from '../integration/exchange-harness';
import { simCredentials, simExchangeBuilder, simRegistry } from '../integration/profile-harness';
import { Inbox, simAdmin } from '../integration/ws-harness';
import { recordScenario } from './scenario';

/**
 * The exchange's clock 2 s ahead of the trader's and 2 s behind it. Bybit refuses a request stamped
 * more than 1 s ahead of its clock (docs/protocol.md "Server time and clock tolerance"), so without the correction the second case
 * fails; Perch measures the offset before it signs, and the key audit tells the trader.
 */
const SKEW_MS = 2_000;
const ORDER_SIZE: Record<ExchangeId, string> = { okx: '1', bybit: '0.010' };
const stops: (() => void)[] = [];
let registry: ClosableExchangeRegistry | undefined;
let uncorrected: Exchange | undefined;
const sim = simulatorPerSuite({ seed: 19, tickMs: 50 }, () => {
  for (const stop of stops.splice(0)) stop();
  registry?.close();
  uncorrected?.close();
});

/** The options page's "Test connection": the key audit on a throw-away Exchange built like the worker's. */
function testConnection(exchange: ExchangeId) {
  const audit = createKeyAuditor({
    profiles: createFakeProfiles(),
    credentials: createFakeCredentials(),
    build: simExchangeBuilder(sim()),
    buildMode: 'development',
    now: () => Date.now(),
  });
  return audit({ exchange, credentials: simCredentials(sim(), exchange) });
}

/** Waits for the private stream's topics and the trade socket: both sockets logged in. */
async function loggedIn(exchange: Exchange): Promise<void> {
  const status = new Inbox<SocketStatusEvent>();
  stops.push(
    exchange.streams.onStatus(status.push),
    exchange.streams.subscribe({ kind: 'positions' }, () => undefined),
  );
  await status.waitFor(
    (event) => event.type === 'subscribed' && event.socket === 'private',
    'the private socket logged in and subscribed',
  );
  await status.waitFor(() => exchange.trade.overSocket, 'the trade socket logged in');
}

const CASES = (['okx', 'bybit'] as const).flatMap((id) =>
  [SKEW_MS, -SKEW_MS].map((skewMs) => ({ id, skewMs })),
);
const NAMES: Record<ExchangeId, string> = { okx: 'OKX', bybit: 'Bybit' };
const direction = (skewMs: number) => (skewMs > 0 ? 'ahead of' : 'behind');

describe('Clock', () => {
  it.for(CASES)('$id server clock $skewMs ms off', async ({ id, skewMs }, { task }) => {
    await simAdmin(sim(), 'faults', { clockSkewMs: skewMs });
    registry = simRegistry(sim());
    const exchange = await registry.exchange(id);
    if (exchange === undefined) throw new Error(`the registry built no ${id} exchange`);

    // Private reads, signed.
    const [balance, positions, orders] = await Promise.all([
      exchange.rest.getBalance(),
      exchange.rest.getPositions(),
      exchange.rest.getOpenOrders(),
    ]);
    expect(Number(balance.totalEquityUsd)).toBeGreaterThan(0);
    expect([positions, orders]).toEqual([[], []]);
    // Socket logins, then an order over the trade socket and a close over REST.
    await loggedIn(exchange);
    const placed = await exchange.trade.place({
      instrument: BTC_PERPETUAL[id],
      side: 'buy',
      type: 'market',
      size: ORDER_SIZE[id],
    });
    expect(placed).toMatchObject({ exchange: id, code: '0' });
    const [held] = await exchange.rest.getPositions();
    if (held === undefined) throw new Error('the bought position is not there');
    await exchange.rest.closePosition(held, 'perchclockclose');
    expect(await simPositions(sim(), id)).toEqual([]);
    // What "Test connection" shows.
    const audit = await testConnection(id);
    const seconds = (SKEW_MS / 1000).toFixed(1);
    expect(audit.findings[0]).toEqual({
      level: 'warning',
      message: `Your computer's clock is ${seconds} s ${skewMs > 0 ? 'behind' : 'ahead of'} the exchange's. Perch corrects for it, but turning on automatic time is safer.`,
    });
    expect(Math.abs((audit.clockOffsetMs ?? Number.NaN) - skewMs)).toBeLessThan(250);

    recordScenario(task, {
      section: 'Clock',
      scenario: `${NAMES[id]} server clock ${SKEW_MS / 1000} s ${direction(skewMs)} the trader's`,
      injected: `clockSkewMs ${skewMs}`,
      times:
        '1 account session: 3 private reads, 2 socket logins, 1 order over the trade socket, 1 close over REST, 1 key audit',
      result: `all accepted (offset measured ${String(audit.clockOffsetMs)} ms before the first signed request); the key audit's first finding: "${audit.findings[0]?.message ?? ''}"`,
    });
  });

  it('Bybit refuses a request stamped 2 s ahead of its clock when Perch does not correct it', async ({
    task,
  }) => {
    await simAdmin(sim(), 'faults', { clockSkewMs: -SKEW_MS });
    // The bare Exchange, never told to measure the offset: it signs with the local clock.
    uncorrected = simExchange(sim(), 'bybit');
    const refused = { name: 'AuthError', exchange: 'bybit', code: '10002' };
    await expect(uncorrected.rest.getBalance()).rejects.toMatchObject(refused);
    await loggedIn(uncorrected);
    await expect(
      uncorrected.trade.place({
        instrument: BTC_PERPETUAL.bybit,
        side: 'buy',
        type: 'market',
        size: '0.010',
      }),
    ).rejects.toMatchObject({ exchange: 'bybit', code: '10002' });
    expect(await simPositions(sim(), 'bybit')).toEqual([]);

    recordScenario(task, {
      section: 'Clock',
      scenario: 'Bybit server clock 2 s behind, without the correction (control)',
      injected: `clockSkewMs ${-SKEW_MS}, an Exchange that signs with the local clock`,
      times: '1 private read, 1 order over the trade socket',
      result:
        'both refused with 10002 (request time outside the window), no position opened: the correction is what lets the case above through',
    });
  });
});

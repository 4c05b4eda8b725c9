import type { RunningSimulator } from '../../sim';
import type { AlertDraft } from '../../src/contracts/alerts';
import { startSessionOnSimulator, type PerchSession } from '../../tests/e2e/perch-session';
import { BTC_PERPETUAL, openLong, SEEN_LONG, type ExchangeName } from '../../tests/e2e/sim-account';
import type { Perch } from '../../tests/e2e/harness';
import { bybit, okx, type HttpAnswer } from '../../tests/integration/sim-private-client';
import type { StreamedInstrument } from './bench-market';
import { sleep } from './machine-clock';

const EXCHANGES: readonly ExchangeName[] = ['okx', 'bybit'];
/** A price alert's level this many times the price: armed and checked on every tick, never crossed. */
const OUT_OF_REACH = 10;
const PROTECTION_TRIES = 40;
const PROTECTION_RETRY_MS = 500;

/** What the browser part runs with, in words for the docs. */
export const EVERYTHING =
  'the vault unlocked with the simulator’s demo keys on both exchanges (their account streams: positions, ' +
  'orders, balances, protection), a BTC long with a stop set through Perch and a resting limit order on ' +
  'each exchange, and a price alert on each of the 50 streamed instruments (50 is as many alerts as Perch ' +
  'keeps, so no account alert fits beside them)';

async function send(session: PerchSession, name: string, payload: object): Promise<unknown> {
  const reply = await session.send(name, payload);
  if (!reply.ok) throw new Error(`${name} failed: ${reply.error.message}`);
  return reply.data;
}

const saveAlert = (session: PerchSession, draft: AlertDraft) => send(session, 'saveAlert', { draft });

/** Price alerts on every streamed instrument, through the worker's saveAlert as the popup's bell sends them. */
async function armPriceAlerts(
  session: PerchSession,
  simulator: RunningSimulator,
  streamed: readonly StreamedInstrument[],
): Promise<void> {
  for (const { quote, instrument } of streamed) {
    const level = Math.ceil(Number(simulator.ctx.market.lastPrice(instrument)) * OUT_OF_REACH);
    await saveAlert(session, {
      condition: {
        kind: 'price',
        instrument: { exchange: quote.exchange, kind: quote.kind, symbol: quote.symbol },
        direction: 'above',
        level: String(level),
        source: 'last',
      },
      repeat: { mode: 'once' },
      sound: false,
    });
  }
}

/** A stop under the long, set through Perch once its portfolio holds the position. */
async function protectLong(session: PerchSession, exchange: ExchangeName): Promise<void> {
  const payload = {
    exchange,
    instrument: { kind: 'perpetual', symbol: BTC_PERPETUAL[exchange].symbol },
    slot: 'one-way',
    seen: SEEN_LONG[exchange],
    role: 'stop',
    triggerPrice: '58000',
  };
  let last = '';
  for (let attempt = 0; attempt < PROTECTION_TRIES; attempt++) {
    const reply = await session.send('setProtection', payload);
    if (reply.ok && (reply.data as { status?: string }).status === 'sent') return;
    last = reply.ok ? JSON.stringify(reply.data) : reply.error.message;
    await sleep(PROTECTION_RETRY_MS);
  }
  throw new Error(`setProtection on ${exchange} never went through: ${last}`);
}

/** A limit buy far under the market, so the account has an open order the whole run. */
function restingOrder(simulator: RunningSimulator, exchange: ExchangeName): Promise<HttpAnswer> {
  const { symbol } = BTC_PERPETUAL[exchange];
  return exchange === 'okx'
    ? okx(simulator, 'POST', '/api/v5/trade/order', {
        instId: symbol,
        tdMode: 'cross',
        side: 'buy',
        ordType: 'limit',
        px: '30000',
        sz: '1',
      })
    : bybit(simulator, 'POST', '/v5/order/create', {
        category: 'linear',
        symbol,
        side: 'Buy',
        orderType: 'Limit',
        qty: '0.01',
        price: '30000',
      });
}

/**
 * Turns on what this wave added to the worker (docs/benchmarks.md "What each part measures": the
 * account, protection, orders, alerts), through the product's own messages from an extension page, as
 * the trader's screens send them. Returns how many alerts are armed.
 */
export async function turnEverythingOn(
  perch: Perch,
  simulator: RunningSimulator,
  streamed: readonly StreamedInstrument[],
): Promise<number> {
  const session = await startSessionOnSimulator(perch, simulator);
  try {
    for (const exchange of EXCHANGES) {
      await openLong(simulator, exchange, 'net');
      const order = await restingOrder(simulator, exchange);
      const { code, retCode } = order.json as { code?: unknown; retCode?: unknown };
      if (order.status !== 200 || (code ?? retCode) !== (exchange === 'okx' ? '0' : 0))
        throw new Error(`the resting ${exchange} order was refused: ${JSON.stringify(order.json)}`);
      await protectLong(session, exchange);
    }
    await armPriceAlerts(session, simulator, streamed);
    const { alerts } = (await send(session, 'listAlerts', {})) as { alerts: readonly unknown[] };
    return alerts.length;
  } finally {
    await session.options.close();
  }
}

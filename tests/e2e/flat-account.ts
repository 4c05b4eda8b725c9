import type { Page } from 'puppeteer-core';
import { bybit, okx } from '../integration/sim-private-client';
import type { startSimulator } from '../../sim';
import { simAdmin, simPositions, type ExchangeName } from './sim-account';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

const WAIT = { timeout: 30_000, polling: 200 } as const;

/** The prefix of every close a "close everything" run sends (its run id: src/background/index.ts). */
export const FLATTEN_ID_PREFIX = 'flat';

/**
 * Three positions and four resting orders over both exchanges, as a trader's account might hold them:
 * OKX a BTC long and an ETH short, Bybit a BTC long; two limit orders far from the market on each.
 */
export async function seedThreePositionsFourOrders(simulator: Simulator): Promise<void> {
  await simAdmin(simulator, 'position', {
    exchange: 'okx',
    symbol: 'BTC-USDT-SWAP',
    size: 3,
    avgPx: 60_000,
    posSide: 'net',
  });
  await simAdmin(simulator, 'position', {
    exchange: 'okx',
    symbol: 'ETH-USDT-SWAP',
    size: -2,
    avgPx: 3_000,
    posSide: 'net',
  });
  await simAdmin(simulator, 'position', {
    exchange: 'bybit',
    symbol: 'BTCUSDT',
    size: 0.03,
    avgPx: 60_000,
    posSide: 'net',
  });
  for (const [index, px] of ['30000', '31000'].entries()) {
    const placed = await okx(simulator, 'POST', '/api/v5/trade/order', {
      instId: 'BTC-USDT-SWAP',
      tdMode: 'cross',
      side: 'buy',
      ordType: 'limit',
      px,
      sz: '1',
      clOrdId: `seed${String(index)}`,
    });
    if ((placed.json as { code?: string }).code !== '0')
      throw new Error(`OKX refused a seed order: ${JSON.stringify(placed.json)}`);
  }
  for (const [index, price] of ['30000', '31000'].entries()) {
    const placed = await bybit(simulator, 'POST', '/v5/order/create', {
      category: 'linear',
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      qty: '0.01',
      price,
      orderLinkId: `seed${String(index)}`,
    });
    if ((placed.json as { retCode?: number }).retCode !== 0)
      throw new Error(`Bybit refused a seed order: ${JSON.stringify(placed.json)}`);
  }
}

/** How many orders rest on the account, over signed REST as any client would ask. */
export async function restingOrders(simulator: Simulator, exchange: ExchangeName): Promise<number> {
  if (exchange === 'okx') {
    const answer = await okx(simulator, 'GET', '/api/v5/trade/orders-pending?instType=SWAP');
    return (answer.json.data as unknown[]).length;
  }
  const answer = await bybit(simulator, 'GET', '/v5/order/realtime?category=linear&settleCoin=USDT');
  return (answer.json.result as { list: unknown[] }).list.length;
}

/** The client order ids of the finished orders the account's instruments hold that a flatten run sent. */
export async function flattenCloseIds(simulator: Simulator): Promise<string[]> {
  const ids: string[] = [];
  for (const instId of ['BTC-USDT-SWAP', 'ETH-USDT-SWAP']) {
    const answer = await okx(simulator, 'GET', `/api/v5/trade/orders-history?instType=SWAP&instId=${instId}`);
    ids.push(...(answer.json.data as { clOrdId: string }[]).map((order) => order.clOrdId));
  }
  const answer = await bybit(simulator, 'GET', '/v5/order/history?category=linear&symbol=BTCUSDT');
  ids.push(
    ...(answer.json.result as { list: { orderLinkId: string }[] }).list.map((order) => order.orderLinkId),
  );
  return ids.filter((id) => id.startsWith(FLATTEN_ID_PREFIX)).sort();
}

/** True when neither exchange holds a position or a resting order. */
export async function simulatorIsFlat(simulator: Simulator): Promise<boolean> {
  for (const exchange of ['okx', 'bybit'] as const) {
    if ((await simPositions(simulator, exchange)).length > 0) return false;
    if ((await restingOrders(simulator, exchange)) > 0) return false;
  }
  return true;
}

/**
 * Asks the popup to close everything as a trader does: opens the confirmation, presses the hold button
 * and keeps it down until the popup takes it (the confirmation goes away), then lets go.
 */
export async function holdCloseEverything(popup: Page): Promise<void> {
  // A locator, not a handle: the popup may re-render the button as positions arrive, and the locator
  // retries until it clicks one that is attached, visible and enabled.
  await popup.locator('.perch-flatten-open').setTimeout(WAIT.timeout).click();
  const hold = await popup.waitForSelector('.perch-flatten-hold', WAIT);
  if (hold === null) throw new Error('The popup shows no hold button.');
  await hold.hover();
  await popup.mouse.down();
  await popup.waitForFunction(`document.querySelector('.perch-flatten-hold') === null`, WAIT);
  await popup.mouse.up();
}

/** The popup's report once the run has ended, one line per paragraph. */
export async function flattenReport(popup: Page, timeout: number = WAIT.timeout): Promise<string[]> {
  await popup.waitForSelector('.perch-flatten-report', { ...WAIT, timeout });
  return popup.$$eval('.perch-flatten-report p', (lines) => lines.map((line) => line.textContent));
}

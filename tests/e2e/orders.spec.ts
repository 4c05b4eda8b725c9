import { expect } from 'vitest';
import { okx, bybit } from '../integration/sim-private-client';
import { perchTest, simulatorWith } from './fixture';
import { OrdersPanel } from './pages/orders-panel';
import { PopupPage } from './pages/popup-page';
import { startSessionOnSimulator } from './perch-session';
import { BTC_PERPETUAL, openLong, simAdmin } from './sim-account';

/** Prices move only when the test moves them: the limit orders stay resting below the market. */
const test = perchTest.extend({ simulator: simulatorWith({ tickMs: 3_600_000 }) });

type Simulator = Parameters<typeof openLong>[0];

/** A resting buy limit far below the market and a stop on the long, placed over the exchanges' own REST. */
async function seedOrders(simulator: Simulator): Promise<{ okxOrder: string; bybitOrder: string }> {
  await openLong(simulator, 'okx', 'net');
  await openLong(simulator, 'bybit', 'net');
  const okxLimit = await okx(simulator, 'POST', '/api/v5/trade/order', {
    instId: BTC_PERPETUAL.okx.symbol,
    tdMode: 'cross',
    side: 'buy',
    ordType: 'limit',
    sz: '1',
    px: '50000',
  });
  const okxStop = await okx(simulator, 'POST', '/api/v5/trade/order-algo', {
    instId: BTC_PERPETUAL.okx.symbol,
    tdMode: 'cross',
    side: 'sell',
    ordType: 'conditional',
    sz: '3',
    slTriggerPx: '55000',
    slOrdPx: '-1',
    reduceOnly: true,
  });
  const bybitLimit = await bybit(simulator, 'POST', '/v5/order/create', {
    category: 'linear',
    symbol: BTC_PERPETUAL.bybit.symbol,
    side: 'Buy',
    orderType: 'Limit',
    qty: '0.01',
    price: '50000',
  });
  const bybitStop = await bybit(simulator, 'POST', '/v5/position/trading-stop', {
    category: 'linear',
    symbol: BTC_PERPETUAL.bybit.symbol,
    stopLoss: '55000',
    tpslMode: 'Full',
    positionIdx: 0,
  });
  expect([okxLimit.json.code, okxStop.json.code, bybitLimit.json.retCode, bybitStop.json.retCode]).toEqual([
    '0',
    '0',
    0,
    0,
  ]);
  return {
    okxOrder: (okxLimit.json.data as { ordId: string }[])[0]?.ordId ?? '',
    bybitOrder: (bybitLimit.json.result as { orderId: string }).orderId,
  };
}

test('the popup lists resting orders and stops of both exchanges, and a cancel leaves the order cancelled on the simulator', async ({
  perch,
  simulator,
}) => {
  for (const exchange of ['okx', 'bybit'] as const)
    await simAdmin(simulator, 'price', { exchange, symbol: BTC_PERPETUAL[exchange].symbol, price: '60000' });
  await startSessionOnSimulator(perch, simulator);
  const { okxOrder, bybitOrder } = await seedOrders(simulator);
  const popup = await PopupPage.openFromToolbar(perch);
  const orders = new OrdersPanel(popup.page);

  const rows = await orders.rows(4);
  expect(rows.map((row) => [row.exchange, row.source])).toEqual([
    ['okx', 'order'],
    ['okx', 'leg'],
    ['bybit', 'order'],
    ['bybit', 'leg'],
  ]);
  const okxLimit = rows.find((row) => row.id === okxOrder)?.text ?? '';
  expect(okxLimit).toContain('at 50,000.00 USDT');
  expect(okxLimit).toContain('1 ct');
  expect(rows.find((row) => row.exchange === 'okx' && row.source === 'leg')?.text).toContain(
    'trigger 55,000.00 USDT',
  );
  expect(rows.find((row) => row.id === bybitOrder)?.text).toContain('0.010 BTC');
  expect(rows.find((row) => row.exchange === 'bybit' && row.source === 'leg')?.text).toContain('stop');

  await orders.cancel(okxOrder);
  expect(await orders.notice(`The order ${okxOrder} on OKX BTC-USDT-SWAP is cancelled.`)).toBeTruthy();
  await orders.gone(okxOrder);
  const okxState = await okx(
    simulator,
    'GET',
    `/api/v5/trade/order?instId=${BTC_PERPETUAL.okx.symbol}&ordId=${okxOrder}`,
  );
  expect((okxState.json.data as { state: string }[])[0]?.state).toBe('canceled');

  await orders.cancel(bybitOrder);
  await orders.notice(`The order ${bybitOrder} on Bybit BTCUSDT is cancelled.`);
  const history = await bybit(
    simulator,
    'GET',
    `/v5/order/history?category=linear&symbol=${BTC_PERPETUAL.bybit.symbol}&orderId=${bybitOrder}`,
  );
  const listed = (history.json.result as { list: { orderId: string; orderStatus: string }[] }).list;
  expect(listed.find((order) => order.orderId === bybitOrder)?.orderStatus).toBe('Cancelled');
  // The stops stay: only the orders cancelled were touched.
  expect((await orders.rows(2)).map((row) => row.source)).toEqual(['leg', 'leg']);
}, 120_000);

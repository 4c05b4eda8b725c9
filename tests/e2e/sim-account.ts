import { bybit, okx, type Json } from '../integration/sim-private-client';
import type { startSimulator } from '../../sim';
import { BTC_PERPETUAL, setBtcPosition, type ExchangeName } from '../../scripts/sim-admin';

export { BTC_PERPETUAL, setBtcPosition, simAdmin, type ExchangeName } from '../../scripts/sim-admin';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/** A size each exchange takes for that perpetual: OKX in contracts, Bybit in coin. */
const POSITION_SIZE = { okx: 3, bybit: 0.03 } as const;

/** What a trader's row shows of the long `openLong` opens: its side and its size in the exchange's order unit. */
export const SEEN_LONG = {
  okx: { side: 'long', sizeContracts: String(POSITION_SIZE.okx) },
  bybit: { side: 'long', sizeContracts: String(POSITION_SIZE.bybit) },
} as const;

/** Opens a long BTC position on the demo account, without a trade (in hedge mode, the long side). */
export function openLong(
  simulator: Simulator,
  exchange: ExchangeName,
  posSide: 'net' | 'long',
): Promise<Json> {
  return setBtcPosition(simulator, exchange, { size: POSITION_SIZE[exchange], avgPx: 60_000, posSide });
}

/** Takes the BTC position off the demo account without a trade, as if closed elsewhere. */
export function closeWithoutTrade(simulator: Simulator, exchange: ExchangeName): Promise<Json> {
  return setBtcPosition(simulator, exchange, { size: 0, avgPx: 60_000, posSide: 'net' });
}

/** The demo account's open positions as the simulator holds them. */
export async function simPositions(simulator: Simulator, exchange: ExchangeName): Promise<unknown[]> {
  const response = await fetch(`${simulator.url}/__sim/state`);
  const state = (await response.json()) as { accounts: Record<ExchangeName, { positions: unknown[] }> };
  return state.accounts[exchange].positions;
}

/** The client order ids of every finished order of the account's BTC perpetual, over signed REST. */
export async function finishedOrderIds(simulator: Simulator, exchange: ExchangeName): Promise<string[]> {
  const symbol = BTC_PERPETUAL[exchange].symbol;
  if (exchange === 'okx') {
    const answer = await okx(simulator, 'GET', `/api/v5/trade/orders-history?instType=SWAP&instId=${symbol}`);
    return (answer.json.data as { clOrdId: string }[]).map((order) => order.clOrdId);
  }
  const answer = await bybit(simulator, 'GET', `/v5/order/history?category=linear&symbol=${symbol}`);
  return (answer.json.result as { list: { orderLinkId: string }[] }).list.map((order) => order.orderLinkId);
}

/**
 * The trigger prices of the stops waiting on the account's BTC perpetual, as the exchange lists them over
 * signed REST: OKX conditional algo orders, Bybit the position's stopLoss (Full) and its StopLoss orders.
 */
export async function simStopPrices(simulator: Simulator, exchange: ExchangeName): Promise<number[]> {
  const symbol = BTC_PERPETUAL[exchange].symbol;
  if (exchange === 'okx') {
    const answer = await okx(
      simulator,
      'GET',
      `/api/v5/trade/orders-algo-pending?ordType=conditional&instType=SWAP&instId=${symbol}`,
    );
    return (answer.json.data as { slTriggerPx: string }[])
      .filter((order) => order.slTriggerPx !== '')
      .map((order) => Number(order.slTriggerPx));
  }
  const answer = await bybit(simulator, 'GET', `/v5/position/list?category=linear&symbol=${symbol}`);
  return (answer.json.result as { list: { stopLoss: string }[] }).list
    .map((position) => Number(position.stopLoss))
    .filter((price) => price > 0);
}

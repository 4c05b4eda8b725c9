import { admin, bybit, okx, type Json } from '../integration/sim-private-client';
import type { startSimulator } from '../../sim';

type Simulator = Awaited<ReturnType<typeof startSimulator>>;
export type ExchangeName = 'okx' | 'bybit';

/** The BTC perpetual each exchange's demo account trades in these tests, as Perch and the simulator name it. */
export const BTC_PERPETUAL = {
  okx: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
  bybit: { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
} as const;

/** A size each exchange takes for that perpetual: OKX in contracts, Bybit in coin. */
const POSITION_SIZE = { okx: 3, bybit: 0.03 } as const;

/** Asks the simulator's admin API; a refusal is a broken test set-up, so it throws with the simulator's words. */
export async function simAdmin(simulator: Simulator, path: string, body: Json = {}): Promise<Json> {
  const answer = await admin(simulator, path, body);
  if (answer.status !== 200) throw new Error(`/__sim/${path} refused: ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** Opens a long BTC position on the demo account, without a trade (in hedge mode, the long side). */
export function openLong(
  simulator: Simulator,
  exchange: ExchangeName,
  posSide: 'net' | 'long',
): Promise<Json> {
  return simAdmin(simulator, 'position', {
    exchange,
    symbol: BTC_PERPETUAL[exchange].symbol,
    size: POSITION_SIZE[exchange],
    avgPx: 60_000,
    posSide,
  });
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

/** The simulator as npm start, the screenshots and the end-to-end tests reach it: its URL. */
export interface SimulatorAddress {
  readonly url: string;
}

export type ExchangeName = 'okx' | 'bybit';
type Json = Record<string, unknown>;

/** The BTC perpetual each exchange's demo account trades, as Perch and the simulator name it. */
export const BTC_PERPETUAL = {
  okx: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
  bybit: { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
} as const;

/** Asks the simulator's admin API (sim/README.md); a refusal throws with the simulator's own words. */
export async function simAdmin(simulator: SimulatorAddress, path: string, body: Json = {}): Promise<Json> {
  const response = await fetch(`${simulator.url}/__sim/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Json;
  if (response.status !== 200) throw new Error(`/__sim/${path} refused: ${JSON.stringify(answer)}`);
  return answer;
}

export interface BtcPosition {
  /** OKX in contracts (0.01 BTC each), Bybit in BTC; negative is short where `posSide` is 'net'. */
  readonly size: number;
  readonly avgPx: number;
  /** 'net' in one-way mode; 'long' or 'short' in hedge mode. */
  readonly posSide: 'net' | 'long' | 'short';
}

/** Puts a BTC perpetual position on the demo account without a trade, as if it had been open for a while. */
export function setBtcPosition(
  simulator: SimulatorAddress,
  exchange: ExchangeName,
  position: BtcPosition,
): Promise<Json> {
  return simAdmin(simulator, 'position', { exchange, symbol: BTC_PERPETUAL[exchange].symbol, ...position });
}

/** The BTC perpetual's last price on OKX's public ticker, as any client would read it. */
export async function btcLastPrice(simulator: SimulatorAddress): Promise<number> {
  const response = await fetch(`${simulator.url}/api/v5/market/ticker?instId=${BTC_PERPETUAL.okx.symbol}`);
  const answer = (await response.json()) as { data?: { last?: string }[] };
  const last = Number(answer.data?.[0]?.last);
  if (!Number.isFinite(last) || last <= 0)
    throw new Error(`The simulator did not answer a BTC price: ${JSON.stringify(answer)}`);
  return last;
}

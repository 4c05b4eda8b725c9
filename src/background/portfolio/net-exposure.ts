import type { ExposureView, PositionView } from '../../contracts/portfolio';
import type { ExchangeId } from '../../contracts/vocabulary';
import { addDecimals, multiplyDecimals } from '../../exchanges/decimal';
import { instrumentCoins } from './pnl';

interface CoinSum {
  netCoin: string;
  /** Undefined once any position of the coin lacks a mark. */
  netUsd: string | undefined;
  readonly byExchange: Map<ExchangeId, string>;
}

const signed = (position: PositionView, value: string) =>
  position.side === 'short' ? multiplyDecimals(value, '-1') : value;

const absoluteSize = (value: string | undefined) => (value === undefined ? 0 : Math.abs(Number(value)));

/**
 * Each coin's positions netted across the exchanges, in coin and in USD at each position's mark, exact.
 * Options are left out (their exposure is their delta, not their size); so is a position whose size in
 * coin is unknown, since it cannot be netted. Largest USD exposure first.
 */
export function netExposure(positions: readonly PositionView[]): ExposureView[] {
  const sums = new Map<string, CoinSum>();
  for (const position of positions) {
    const coin = instrumentCoins(position)?.base;
    if (position.kind === 'option' || coin === undefined || position.sizeCoin === undefined) continue;
    const size = signed(position, position.sizeCoin);
    const usd = position.markPrice === undefined ? undefined : multiplyDecimals(size, position.markPrice);
    const sum = sums.get(coin) ?? { netCoin: '0', netUsd: '0', byExchange: new Map<ExchangeId, string>() };
    sum.netCoin = addDecimals(sum.netCoin, size);
    sum.netUsd = sum.netUsd === undefined || usd === undefined ? undefined : addDecimals(sum.netUsd, usd);
    sum.byExchange.set(position.exchange, addDecimals(sum.byExchange.get(position.exchange) ?? '0', size));
    sums.set(coin, sum);
  }
  return [...sums]
    .map(([coin, sum]) => ({
      coin,
      netCoin: sum.netCoin,
      netUsd: sum.netUsd,
      byExchange: [...sum.byExchange].map(([exchange, sizeCoin]) => ({ exchange, sizeCoin })),
    }))
    .sort((a, b) => absoluteSize(b.netUsd) - absoluteSize(a.netUsd) || a.coin.localeCompare(b.coin));
}

import Big from 'big.js';
import type { MarginRiskView, PositionView } from '../contracts/portfolio';
import type { RiskLevel } from '../contracts/position-risk';
import { groupThousands } from '../ui/format-price';

/** Figures of the account and of a position's risk in the words a trader reads. */

/** "1234.5" -> "1,234.50": two decimals, thousands grouped, from the exact decimal string. */
export function formatMoney(value: string): string {
  const fixed = new Big(value).toFixed(2);
  const [whole = '', fraction = ''] = fixed.replace('-', '').split('.');
  return `${fixed.startsWith('-') ? '-' : ''}${groupThousands(whole)}.${fraction}`;
}

/** A coin amount as the exchange states it, whole part grouped: "100020.58" -> "100,020.58", "0.05" stays. */
export function formatCoinAmount(value: string): string {
  const plain = new Big(value).toFixed();
  const [whole = '', fraction] = plain.replace('-', '').split('.');
  return `${plain.startsWith('-') ? '-' : ''}${groupThousands(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A decimal fraction as a percentage with at most `places` decimals: "3.5" -> "350", "0.1234" -> "12.34". */
function percentOf(fraction: string, places: number): string {
  return new Big(fraction).times(100).round(places).toString();
}

/**
 * The account's margin risk by its kind: OKX's margin ratio (higher is safer) and Bybit's maintenance
 * margin rate (lower is safer) never read as each other.
 */
export function marginRiskWords(risk: MarginRiskView): string {
  return risk.kind === 'okx-margin-ratio'
    ? `margin ratio ${percentOf(risk.value, 2)} %`
    : `MMR ${percentOf(risk.value, 2)} %`;
}

/** "4.2 % to liquidation", with the level in words under a threshold: "Danger: 4.2 % to liquidation". */
export function liquidationWords(distancePercent: string, level: RiskLevel | undefined): string {
  const shown = new Big(distancePercent).round(distancePercent.startsWith('0') ? 2 : 1).toString();
  const words = `${shown} % to liquidation`;
  if (level === 'danger') return `Danger: ${words}`;
  if (level === 'warning') return `Warning: ${words}`;
  return words;
}

/** "in 3h 12m", "in 12m", "in 45s", "due now". */
export function timeUntil(at: number, now: number): string {
  const seconds = Math.floor((at - now) / 1000);
  if (seconds <= 0) return 'due now';
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `in ${String(hours)}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `in ${String(minutes)}m`;
  return `in ${String(seconds)}s`;
}

/** A funding rate as a signed percentage to 4 places: "0.0001" -> "+0.0100 %". */
export function fundingRateWords(rate: string): string {
  const percent = new Big(rate).times(100);
  return `${percent.gt(0) ? '+' : ''}${percent.toFixed(4)} %`;
}

/** What the next funding does to the position: "pays 1.80 USDT", "receives 0.45 USDT". */
export function fundingPaymentWords(funding: NonNullable<PositionView['funding']>): string | undefined {
  if (funding.nextPayment === undefined) return undefined;
  const amount = new Big(funding.nextPayment);
  if (amount.eq(0)) return `pays nothing`;
  const size = formatMoney(amount.abs().toString());
  return `${amount.lt(0) ? 'pays' : 'receives'} ${size} ${funding.unit}`;
}

import Big from 'big.js';
import type { ProtectionLegView, ProtectionView } from '../contracts/portfolio';
import { formatPriceByTick } from '../ui/format-step';

const STATUS_HEADS = {
  unprotected: 'Unprotected',
  'stop-set': undefined,
  'stop-beyond-liquidation': 'Stop beyond liquidation',
  breakeven: 'Breakeven',
} as const;

/** "Stop 61,250.0", "Target 70,000.0", "Trailing stop 500" or "Trailing stop 1 %". */
export function legWords(leg: ProtectionLegView, tickSize: string | undefined): string {
  const price = leg.triggerPrice === undefined ? undefined : formatPriceByTick(leg.triggerPrice, tickSize);
  if (leg.role !== 'trailing') return `${leg.role === 'stop' ? 'Stop' : 'Target'} ${price ?? ''}`.trim();
  if (price !== undefined) return `Trailing stop ${price}`;
  const { distance, ratio } = leg.trailing ?? {};
  if (distance !== undefined) return `Trailing stop ${distance} behind`;
  return ratio === undefined
    ? 'Trailing stop'
    : `Trailing stop ${new Big(ratio).times(100).toString()} % behind`;
}

/**
 * A position's protection in words: its status first when the legs alone do not say it, then each leg.
 * `warning` when the position is not protected by a stop that can fire.
 */
export function protectionWords(
  protection: ProtectionView | undefined,
  tickSize: string | undefined,
): { readonly text: string; readonly warning: boolean } {
  if (protection === undefined) return { text: 'Stops and targets not known yet', warning: false };
  const head = STATUS_HEADS[protection.status];
  const legs = protection.legs.map((leg) => legWords(leg, tickSize));
  return {
    text: [head, ...legs].filter((part) => part !== undefined).join(' · '),
    warning: protection.status === 'unprotected' || protection.status === 'stop-beyond-liquidation',
  };
}

import Big from 'big.js';
import type { PositionView } from '../contracts/portfolio';
import { formatPrice } from '../ui/format-price';
import { formatByStep } from '../ui/format-step';
import { formatCoinAmount } from './account-words';

/** The coin a position is sized in: OKX's BTC-USDT-SWAP and Bybit's BTCUSDT both hold BTC. */
function baseCoin(position: PositionView): string | undefined {
  if (position.exchange === 'okx') return position.symbol.split('-')[0];
  // Bybit: base then quote coin (BTCUSDT, BTCUSD inverse, BTCUSDT-27DEC24 dated).
  return /^([A-Z0-9]+?)(USDT|USDC|USD)(-|$)/.exec(position.symbol)?.[1];
}

const NO_BREAK = '\u00a0';

const wholeUsd = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A position's size as the trader compares it across exchanges: in its unit, with the coin and USD beside it. */
export interface SizeShown {
  /** In the exchange's order unit, by the lot size: "3.00", "0.010". */
  readonly value: string;
  /** "BTC" when the order unit is the coin; "cont." for contracts (OKX; Bybit inverse in USD); none if unknown. */
  readonly unit: string | undefined;
  /**
   * "0.03 BTC · 1,830 USD": the coin where the unit is contracts, and the notional. Each amount is joined to
   * its unit by a no-break space: a narrow column breaks the note at the dot, never inside a figure.
   */
  readonly note: string | undefined;
}

export function sizeShown(position: PositionView, lotSize: string | undefined): SizeShown {
  const value =
    lotSize === undefined
      ? formatPrice(position.sizeContracts)
      : formatByStep(position.sizeContracts, lotSize);
  const coin = baseCoin(position);
  const inCoin = position.sizeCoin !== undefined && new Big(position.sizeCoin).eq(position.sizeContracts);
  const notes = [
    inCoin || position.sizeCoin === undefined || coin === undefined
      ? undefined
      : `${formatCoinAmount(position.sizeCoin)}${NO_BREAK}${coin}`,
    position.notionalUsd === undefined ? undefined : `${wholeUsd.format(position.notionalUsd)}${NO_BREAK}USD`,
  ].filter((note) => note !== undefined);
  return {
    value,
    unit: position.sizeCoin === undefined ? undefined : inCoin ? coin : 'cont.',
    note: notes.length === 0 ? undefined : notes.join(' · '),
  };
}

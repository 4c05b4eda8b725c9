import Big from 'big.js';
import type { RuleVerdict } from '../contracts/protection-rules';

/** A trailing stop's distance behind the best price: a price distance, or a % of the price. */
export type TrailingMode = 'distance' | 'percent';

const TYPED = /^\d{1,30}(\.\d{1,30})?$/;

export type TrailingVerdict = RuleVerdict<{
  readonly by: { readonly distance: string } | { readonly ratio: string };
  readonly activationPrice: string | undefined;
}>;

/** A typed trailing distance and optional activation price, as setTrailingStop takes them. */
export function trailingVerdict(mode: TrailingMode, typed: string, activation: string): TrailingVerdict {
  const text = typed.trim();
  if (!TYPED.test(text) || new Big(text).lte(0)) {
    return { ok: false, message: 'Type the trailing distance as a number above 0, like 500 or 1.5.' };
  }
  if (mode === 'percent' && new Big(text).gte(100)) {
    return { ok: false, message: 'A trailing distance in % must be below 100.' };
  }
  const start = activation.trim();
  if (start !== '' && !TYPED.test(start)) {
    return { ok: false, message: 'Type the activation price as a number, like 65000, or leave it empty.' };
  }
  const by =
    mode === 'percent'
      ? { ratio: new Big(text).div(100).toString() }
      : { distance: new Big(text).toString() };
  return { ok: true, notes: [], by, activationPrice: start === '' ? undefined : start };
}

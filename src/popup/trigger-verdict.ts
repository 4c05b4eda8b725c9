import {
  checkTriggerPrice,
  triggerFromDistance,
  type PnlExposure,
  type RuleVerdict,
} from '../contracts/protection-rules';
import type { PositionView } from '../contracts/portfolio';

/** How the trader gives a stop or target: a price, a distance from the entry in %, or the PnL at it. */
export type TriggerMode = 'price' | 'percent' | 'pnl';

export type TriggerVerdict = RuleVerdict<{ readonly price: string; readonly warning: string | undefined }>;

/** A liquidation price of 0 or below means the position cannot be liquidated by price: there is none. */
export const liquidationShown = (price: string | undefined) =>
  price === undefined || Number(price) <= 0 ? undefined : price;

const STABLE_SETTLE = /^USD[TC]?$/;

/** How the position's PnL moves with the price: linear in coin, or inverse in USD; undefined if unknown. */
function pnlExposure(position: PositionView): PnlExposure | undefined {
  const { settleCoin, sizeCoin, notionalUsd } = position;
  if (settleCoin === undefined) return undefined;
  if (STABLE_SETTLE.test(settleCoin))
    return sizeCoin === undefined ? undefined : { contractType: 'linear', sizeCoin };
  return notionalUsd === undefined ? undefined : { contractType: 'inverse', sizeUsd: String(notionalUsd) };
}

export interface TriggerQuestion {
  readonly role: 'stop' | 'target';
  readonly position: PositionView;
  readonly mode: TriggerMode;
  readonly typed: string;
  readonly markPrice: string | undefined;
  readonly tickSize: string | undefined;
}

/**
 * What a typed stop or target comes to, by contracts/protection-rules.ts: a distance turns into a price
 * first, and every price is then checked the same way (tick, side of the mark, liquidation).
 */
export function triggerVerdict(question: TriggerQuestion): TriggerVerdict {
  const { role, position, mode, typed, markPrice, tickSize } = question;
  const check = (price: string, notes: readonly string[]): TriggerVerdict => {
    const verdict = checkTriggerPrice({
      role,
      side: position.side,
      typed: price,
      markPrice,
      tickSize,
      liquidationPrice: liquidationShown(position.liquidationPrice),
    });
    return verdict.ok ? { ...verdict, notes: [...notes, ...verdict.notes] } : verdict;
  };
  if (mode === 'price') return check(typed, []);
  const { entryPrice } = position;
  if (entryPrice === undefined) {
    return { ok: false, message: 'The entry price is not known yet; type a price instead.' };
  }
  const exposure = pnlExposure(position);
  if (mode === 'pnl' && exposure === undefined) {
    return {
      ok: false,
      message: 'The size of this position in coin is not known yet; type a price instead.',
    };
  }
  const distance =
    mode === 'percent' || exposure === undefined
      ? { percent: typed.trim() }
      : { pnl: typed.trim(), exposure };
  const from = triggerFromDistance({ role, side: position.side, entryPrice, tickSize, distance });
  if (!from.ok) return from;
  const unit = mode === 'percent' ? ' %' : ` ${position.settleCoin ?? ''}`;
  return check(from.price, [`${typed.trim()}${unit.trimEnd()} from the entry is ${from.price}.`]);
}

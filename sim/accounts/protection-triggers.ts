import {
  directionOf,
  positionKey,
  protectionBook,
  type SimLeg,
  type TriggerSource,
} from './protection-book.js';
import type { SimAccount } from './sim-account.js';
import type { TradingEngine } from './trading-engine.js';
import type { SimPosition, TradableInstrument } from './types.js';

/** The price a leg watches: the instrument's mark, last trade or index (docs/protocol.md "Protection"). */
export type PriceOf = (instrument: TradableInstrument, source: TriggerSource) => number;

/** Announces legs that changed, with nothing else: the private streams push them as conditional orders. */
export function announceLegs(account: SimAccount, legs: readonly SimLeg[]): void {
  if (legs.length > 0) account.emit({ orders: [], fills: [], positions: [], balanceChanged: false, legs });
}

/**
 * A trailing stop follows the best price since it became active (from its activation price, or at once)
 * at its distance: up behind a long, down above a short. Never back.
 */
export function ratchet(leg: SimLeg, price: number, direction: number): void {
  if (leg.kind !== 'trailing' || direction === 0) return;
  if (leg.best === undefined) {
    const reached =
      leg.activationPrice === undefined ||
      (direction > 0 ? price >= leg.activationPrice : price <= leg.activationPrice);
    if (!reached) return;
    leg.best = price;
  } else {
    leg.best = direction > 0 ? Math.max(leg.best, price) : Math.min(leg.best, price);
  }
  leg.triggerPrice = direction > 0 ? leg.best - leg.distance : leg.best + leg.distance;
}

/** Whether `price` has reached the leg: a stop on the losing side, a target on the winning side. */
export function crossed(leg: SimLeg, price: number, direction: number): boolean {
  const rising = price >= leg.triggerPrice;
  const falling = price <= leg.triggerPrice;
  switch (leg.kind) {
    case 'target':
      return direction > 0 ? rising : falling;
    case 'stop':
      return direction > 0 ? falling : rising;
    case 'trailing':
      return leg.best !== undefined && (direction > 0 ? falling : rising);
  }
}

/** A fired leg closes its size (a whole-position leg: all of it) with a reduce-only market order. */
function fire(engine: TradingEngine, leg: SimLeg, position: SimPosition, now: number): void {
  leg.state = 'triggered';
  leg.updatedAt = now;
  announceLegs(engine.account, [leg]);
  const size = Math.min(leg.size ?? Infinity, Math.abs(position.size));
  engine.place({
    symbol: leg.symbol,
    side: directionOf(position) > 0 ? 'sell' : 'buy',
    type: 'market',
    size: size.toFixed(position.instrument.sizeDecimals),
    posSide: position.posSide,
    reduceOnly: true,
    marginMode: position.marginMode,
    clientId: '',
    origin: leg.kind,
  });
}

/** Moves every trailing stop and fires every leg its price has crossed, one at a time. */
export function checkProtection(engine: TradingEngine, priceOf: PriceOf, now: number): void {
  const book = protectionBook(engine.account);
  if (!book.hasWaiting()) return;
  for (const leg of book.waiting()) {
    // An earlier leg's close may have ended this one's position.
    if (leg.state !== 'untriggered') continue;
    const position = engine.account.findPosition(leg.symbol, leg.posSide);
    if (!position || position.size === 0) continue;
    const price = priceOf(position.instrument, leg.triggerBy);
    const direction = directionOf(position);
    ratchet(leg, price, direction);
    if (crossed(leg, price, direction)) fire(engine, leg, position, now);
  }
}

/**
 * Legs end with their position (the trading-stop page: "The system will cancel these orders if the
 * position is closed"). Announced after the change that closed it, so a client sees the close first.
 */
export function deactivateWithPositions(account: SimAccount, now: () => number): () => void {
  return account.onChange((change) => {
    const book = protectionBook(account);
    const ended = change.positions
      .filter((position) => position.size === 0)
      .flatMap((position) => book.waiting(positionKey(position)));
    for (const leg of ended) {
      leg.state = 'deactivated';
      leg.updatedAt = now();
    }
    if (ended.length > 0)
      queueMicrotask(() => {
        announceLegs(account, ended);
      });
  });
}

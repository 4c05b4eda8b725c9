import type { OrderView } from '../../contracts/orders';
import type { Order, Position, PositionProtection, ProtectionLeg, ProtectionRole } from '../../exchanges';

/** The open orders list (contracts/orders.ts): regular orders and the legs waiting on positions. */

const ROLE_WORDS: Record<ProtectionRole, string> = {
  stop: 'stop',
  target: 'target',
  trailing: 'trailing stop',
};

/** OKX "post_only", Bybit "Limit": one spelling on the screen. */
const typeWords = (orderType: string) => orderType.toLowerCase().replaceAll('_', ' ');

function regularView(order: Order): OrderView {
  return {
    exchange: order.exchange,
    symbol: order.symbol,
    source: 'order',
    id: order.orderId,
    ...(order.clientOrderId === '' ? {} : { clientOrderId: order.clientOrderId }),
    side: order.side,
    type: typeWords(order.orderType),
    // A market order waiting on a trigger carries "" or "0" as its price: it has none.
    ...(order.price === '' || Number(order.price) === 0 ? {} : { price: order.price }),
    size: order.size,
    sizeUnit: order.sizeUnit,
    filled: order.filledSize,
    reduceOnly: order.reduceOnly,
    createdAt: order.createdAt,
    status: order.status,
  };
}

/** A leg closes its position: it sells a long and buys back a short. */
function legSide(protection: PositionProtection, positions: readonly Position[]): 'buy' | 'sell' {
  if (protection.positionSlot !== 'one-way') return protection.positionSlot === 'long' ? 'sell' : 'buy';
  const held = positions.find(
    (position) =>
      position.exchange === protection.exchange &&
      position.symbol === protection.symbol &&
      position.instrumentKind === protection.instrumentKind &&
      position.positionSlot === 'one-way',
  );
  return held?.side === 'short' ? 'buy' : 'sell';
}

function legView(protection: PositionProtection, leg: ProtectionLeg, side: 'buy' | 'sell'): OrderView {
  return {
    exchange: protection.exchange,
    symbol: protection.symbol,
    kind: protection.instrumentKind,
    source: 'leg',
    id: leg.id,
    side,
    type: ROLE_WORDS[leg.role],
    role: leg.role,
    slot: protection.positionSlot,
    trigger: leg.triggerPrice,
    triggerBy: leg.triggerBy,
    ...(leg.trailing === undefined
      ? {}
      : { trailing: { distance: leg.trailing.distance, ratio: leg.trailing.ratio } }),
    size: leg.size,
    reduceOnly: true,
    status: 'waiting',
  };
}

/**
 * A Bybit stop, target or trailing stop is also an untriggered reduce-only order on the orders stream
 * (docs/protocol.md "Bybit protection"): a Partial one under the leg's own id, a Full one under an order id
 * of its own while the leg is named `full-stop`. Such an order on an instrument whose position has legs
 * is one of them, listed once, as the leg. (The model's Order does not carry Bybit's stopOrderType.)
 */
function isBybitLegOrder(order: Order, legSymbols: ReadonlySet<string>): boolean {
  return (
    order.exchange === 'bybit' &&
    order.status === 'untriggered' &&
    order.reduceOnly === true &&
    legSymbols.has(order.symbol)
  );
}

/** Both kinds in one list, by exchange and instrument. */
export function toOrderViews(
  orders: readonly Order[],
  protection: readonly PositionProtection[],
  positions: readonly Position[],
): OrderView[] {
  const legs = protection.flatMap((entry) => {
    const side = legSide(entry, positions);
    return entry.legs.map((leg) => legView(entry, leg, side));
  });
  const legIds = new Set(legs.map((leg) => `${leg.exchange}|${leg.id}`));
  const bybitLegSymbols = new Set(legs.filter((leg) => leg.exchange === 'bybit').map((leg) => leg.symbol));
  const held = new Map(positions.map((position) => [`${position.exchange}|${position.symbol}`, position]));
  const regular = orders
    .filter(
      (order) =>
        !legIds.has(`${order.exchange}|${order.orderId}`) && !isBybitLegOrder(order, bybitLegSymbols),
    )
    .map((order) => {
      const view = regularView(order);
      const kind = held.get(`${order.exchange}|${order.symbol}`)?.instrumentKind;
      return kind === undefined ? view : { ...view, kind };
    });
  return [...regular, ...legs].sort(
    (a, b) =>
      a.exchange.localeCompare(b.exchange) ||
      a.symbol.localeCompare(b.symbol) ||
      (a.createdAt ?? Infinity) - (b.createdAt ?? Infinity),
  );
}

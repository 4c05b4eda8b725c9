import type { ProtectionEvent } from '../protection-types';
import { fullLegsOfPosition, legOfOrder, legStatusOf, positionIdxOf } from './protection-map';
import type { BybitOrder, BybitPosition } from './schemas';
import { bybitKind, bybitSlot } from './vocabulary';

/**
 * Protection events of the private `position` and `order` pushes (docs/protocol.md "Bybit protection").
 * A position push restates its Full legs every time (live or cancelled); an order push names one leg per
 * conditional order.
 */

function owner(category: string, symbol: string, positionIdx: number) {
  return {
    exchange: 'bybit',
    symbol,
    instrumentKind: bybitKind(category, symbol),
    positionSlot: bybitSlot(positionIdx),
  } as const;
}

/** Spot and option rows hold no stops: Bybit keeps them on linear and inverse contracts only. */
const holdsStops = (category: string | undefined): category is 'linear' | 'inverse' =>
  category === 'linear' || category === 'inverse';

export function protectionOfPosition(raw: BybitPosition, ts: number): ProtectionEvent[] {
  if (!holdsStops(raw.category)) return [];
  const position = owner(raw.category, raw.symbol, raw.positionIdx);
  return fullLegsOfPosition(raw).map(({ leg, live }) => ({
    kind: 'protection',
    ts,
    ...position,
    leg,
    status: live ? 'live' : 'cancelled',
    rawStatus: 'position',
  }));
}

export function protectionOfOrder(raw: BybitOrder, ts: number): ProtectionEvent[] {
  const leg = legOfOrder(raw);
  if (leg === undefined || !holdsStops(raw.category)) return [];
  return [
    {
      kind: 'protection',
      ts: Number(raw.updatedTime ?? ts),
      ...owner(raw.category, raw.symbol, positionIdxOf(raw)),
      leg,
      status: legStatusOf(raw.orderStatus),
      rawStatus: raw.orderStatus,
    },
  ];
}

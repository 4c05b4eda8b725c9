import { present } from '../decimal';
import type { StreamEvent } from '../model';
import type {
  PositionProtection,
  ProtectedPosition,
  ProtectionEvent,
  ProtectionLeg,
  TriggerSource,
} from '../protection-types';
import { parsePush } from '../transport/socket-parse';
import { OkxAlgoOrders, type OkxAlgoOrder } from './protection-schemas';
import { OKX_KINDS, OKX_SLOTS } from './vocabulary';

/**
 * Algo orders read back as legs (docs/protocol.md "OKX protection"): a conditional or oco order is a
 * stop leg when it has a stop trigger and a target leg when it has a target trigger (an oco order is
 * both, under one algoId); a move_order_stop is a trailing leg.
 */

/** OKX's default trigger feed is `last`, and it sends "" where none was chosen. */
function triggerSource(value: string | undefined): TriggerSource {
  return value === 'mark' || value === 'index' ? value : 'last';
}

/** "" means the whole position when closeFraction is "1" (OKX then sends no size of its own). */
const legSize = (row: OkxAlgoOrder): string | undefined =>
  row.closeFraction === '1' ? undefined : present(row.sz);

export function okxAlgoLegs(row: OkxAlgoOrder): ProtectionLeg[] {
  const base = { id: row.algoId, size: legSize(row) };
  if (row.ordType === 'move_order_stop')
    return [
      {
        ...base,
        role: 'trailing',
        // The stop the exchange has ratcheted to, once the trail is active; it follows the last price.
        triggerPrice: present(row.moveTriggerPx),
        triggerBy: 'last',
        trailing: {
          distance: present(row.callbackSpread),
          ratio: present(row.callbackRatio),
          activationPrice: present(row.activePx),
        },
      },
    ];
  if (row.ordType !== 'conditional' && row.ordType !== 'oco') return [];
  const legs: ProtectionLeg[] = [];
  const stop = present(row.slTriggerPx);
  const target = present(row.tpTriggerPx);
  if (stop !== undefined)
    legs.push({
      ...base,
      role: 'stop',
      triggerPrice: stop,
      triggerBy: triggerSource(row.slTriggerPxType),
      trailing: undefined,
    });
  if (target !== undefined)
    legs.push({
      ...base,
      role: 'target',
      triggerPrice: target,
      triggerBy: triggerSource(row.tpTriggerPxType),
      trailing: undefined,
    });
  return legs;
}

export function okxProtectedPosition(row: OkxAlgoOrder): ProtectedPosition {
  return {
    exchange: 'okx',
    symbol: row.instId,
    instrumentKind: OKX_KINDS.ours(row.instType),
    // Spot margin algo orders carry posSide "" (one-way by nature).
    positionSlot: OKX_SLOTS.ours(row.posSide === 'long' || row.posSide === 'short' ? row.posSide : 'net'),
  };
}

/** Pending algo orders grouped into one PositionProtection per instrument and slot, in list order. */
export function groupOkxAlgoLegs(rows: readonly OkxAlgoOrder[]): PositionProtection[] {
  const byPosition = new Map<string, { position: ProtectedPosition; legs: ProtectionLeg[] }>();
  for (const row of rows) {
    const legs = okxAlgoLegs(row);
    if (legs.length === 0) continue;
    const position = okxProtectedPosition(row);
    const key = `${position.instrumentKind}|${position.symbol}|${position.positionSlot}`;
    const group = byPosition.get(key) ?? { position, legs: [] };
    group.legs.push(...legs);
    byPosition.set(key, group);
  }
  return [...byPosition.values()].map(({ position, legs }) => ({ ...position, legs }));
}

/** OKX algo states in the model's words: waiting (live, and a trail not yet active), fired, gone, failed. */
const STATUS: Readonly<Record<string, ProtectionEvent['status']>> = {
  live: 'live',
  pause: 'live',
  effective: 'triggered',
  partially_effective: 'triggered',
  canceled: 'cancelled',
  order_failed: 'failed',
  partially_failed: 'failed',
};

/** An orders-algo or algo-advance push: one event per leg (an oco order's push makes two). */
export function parseOkxAlgoPush(channel: string, data: unknown): StreamEvent[] {
  return parsePush(OkxAlgoOrders, data, `OKX ${channel}`).flatMap((row) => {
    const status = STATUS[row.state];
    if (status === undefined) return [];
    const position = okxProtectedPosition(row);
    const ts = Number(present(row.uTime) ?? present(row.pTime) ?? present(row.cTime) ?? 0);
    return okxAlgoLegs(row).map((leg): ProtectionEvent => ({
      kind: 'protection',
      ...position,
      ts,
      leg,
      status,
      rawStatus: row.state,
    }));
  });
}

import type { Exchange, StreamEvent, Timers } from '../../exchanges';
import { watchAccount, type AccountWatch } from './account-watch';
import { openPosition } from './close-reconcile';
import type { PositionTarget } from './close-store';

function showsFlat(event: StreamEvent, target: PositionTarget): boolean {
  return (
    event.kind === 'position' &&
    event.symbol === target.instrument.symbol &&
    event.positionSlot === target.slot &&
    event.side === 'flat'
  );
}

/** Watches the account's positions stream for the slot going flat (see watchAccount). */
export function watchClose(
  exchange: Exchange,
  target: PositionTarget,
  timers: Timers,
  timeoutMs?: number,
): AccountWatch {
  return watchAccount({
    exchange,
    stream: 'positions',
    shows: (event) => showsFlat(event, target),
    shownOverRest: async () => (await openPosition(exchange, target)) === undefined,
    timers,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

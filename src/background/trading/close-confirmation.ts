import type { Exchange, StreamEvent, TimerHandle, Timers } from '../../exchanges';
import type { PositionTarget } from './close-store';

/** How long the private stream gets to show a sent close; after that the close counts as unconfirmed. */
export const CONFIRM_TIMEOUT_MS = 30_000;

export interface CloseWatch {
  /** True once the positions stream shows the slot flat; false when the timeout passed first. */
  readonly confirmed: Promise<boolean>;
  /** Stops listening; `confirmed` settles false if it had not yet. */
  stop(): void;
}

function showsFlat(event: StreamEvent, target: PositionTarget): boolean {
  return (
    event.kind === 'position' &&
    event.symbol === target.instrument.symbol &&
    event.positionSlot === target.slot &&
    event.side === 'flat'
  );
}

/**
 * Watches the account's positions stream for the slot going flat. Started before the close is sent, so
 * a push that arrives before the exchange's answer is not missed.
 */
export function watchClose(
  exchange: Exchange,
  target: PositionTarget,
  timers: Timers,
  timeoutMs = CONFIRM_TIMEOUT_MS,
): CloseWatch {
  let settle: (confirmed: boolean) => void = () => undefined;
  const confirmed = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const state: { done: boolean; stopStream?: () => void; timer?: TimerHandle } = { done: false };
  const finish = (result: boolean) => {
    if (state.done) return;
    state.done = true;
    if (state.timer !== undefined) timers.clearTimeout(state.timer);
    state.stopStream?.();
    settle(result);
  };
  // A stream may hand over what it already knows during subscribe, before it returns its stop function.
  const stopStream = exchange.streams.subscribe({ kind: 'positions' }, (event) => {
    if (showsFlat(event, target)) finish(true);
  });
  if (state.done) stopStream();
  else {
    state.stopStream = stopStream;
    state.timer = timers.setTimeout(() => {
      finish(false);
    }, timeoutMs);
  }
  return {
    confirmed,
    stop: () => {
      finish(false);
    },
  };
}

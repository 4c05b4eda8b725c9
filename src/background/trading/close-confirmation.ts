import type { Exchange, StreamEvent, TimerHandle, Timers } from '../../exchanges';
import { openPosition } from './close-reconcile';
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
 * a push that arrives before the exchange's answer is not missed. A push sent before the stream's topics
 * were confirmed is lost, so each confirmation of topics ("subscribed") is followed by a REST look.
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
  const state: { done: boolean; stops: (() => void)[]; timer?: TimerHandle } = { done: false, stops: [] };
  const finish = (result: boolean) => {
    if (state.done) return;
    state.done = true;
    if (state.timer !== undefined) timers.clearTimeout(state.timer);
    for (const stop of state.stops) stop();
    settle(result);
  };
  const lookOverRest = () => {
    openPosition(exchange, target).then(
      (open) => {
        if (open === undefined) finish(true);
      },
      // The stream or the timeout still decides.
      () => undefined,
    );
  };
  // A stream may hand over what it already knows during subscribe, before it returns its stop function.
  state.stops.push(
    exchange.streams.subscribe({ kind: 'positions' }, (event) => {
      if (showsFlat(event, target)) finish(true);
    }),
    exchange.streams.onStatus((event) => {
      if (event.type === 'subscribed' && !state.done) lookOverRest();
    }),
  );
  if (state.done) for (const stop of state.stops) stop();
  else {
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

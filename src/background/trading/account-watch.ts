import type { AccountStreamRequest, Exchange, StreamEvent, TimerHandle, Timers } from '../../exchanges';

/** How long the private stream gets to show a sent action; after that it counts as unconfirmed. */
export const CONFIRM_TIMEOUT_MS = 30_000;

export interface AccountWatch {
  /** True once the stream (or a REST look) shows the action took effect; false when the timeout passed first. */
  readonly confirmed: Promise<boolean>;
  /** Stops listening; `confirmed` settles false if it had not yet. */
  stop(): void;
}

export interface AccountWatchOptions {
  readonly exchange: Exchange;
  /** The private stream that shows the action: positions for a close, protection for a stop. */
  readonly stream: AccountStreamRequest['kind'];
  /** True for the push that shows the action took effect. */
  readonly shows: (event: StreamEvent) => boolean;
  /** The same question over REST: true when the exchange already shows it. */
  readonly shownOverRest: () => Promise<boolean>;
  readonly timers: Timers;
  readonly timeoutMs?: number;
}

/**
 * Watches an account stream for the push that confirms a trading action. Started before the action is
 * sent, so a push that arrives before the exchange's answer is not missed. A push sent before the
 * stream's topics were confirmed is lost, so each confirmation of topics ("subscribed") is followed by a
 * REST look.
 */
export function watchAccount(options: AccountWatchOptions): AccountWatch {
  const { exchange, timers } = options;
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
    options.shownOverRest().then(
      (shown) => {
        if (shown) finish(true);
      },
      // The stream or the timeout still decides.
      () => undefined,
    );
  };
  // A stream may hand over what it already knows during subscribe, before it returns its stop function.
  state.stops.push(
    exchange.streams.subscribe({ kind: options.stream }, (event) => {
      if (options.shows(event)) finish(true);
    }),
    exchange.streams.onStatus((event) => {
      if (event.type === 'subscribed' && !state.done) lookOverRest();
    }),
  );
  if (state.done) for (const stop of state.stops) stop();
  else {
    state.timer = timers.setTimeout(() => {
      finish(false);
    }, options.timeoutMs ?? CONFIRM_TIMEOUT_MS);
  }
  return {
    confirmed,
    stop: () => {
      finish(false);
    },
  };
}

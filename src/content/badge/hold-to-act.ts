import { changedWhileHeld, CHART_HOLD_MS, holdHint, letGoEarly } from './press-words';
import type { DrawnWatch } from './shown-as-drawn';

const isPressKey = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Enter';

export interface HoldOptions {
  readonly button: HTMLButtonElement;
  /** The button's word, as the trader reads it ("Close", "Breakeven"): the hints name it. */
  readonly name: string;
  readonly watch: DrawnWatch;
  /** Shows a line under the position: a hint while holding, a reason when a press did not count. */
  readonly say: (text: string) => void;
  /** The hold ran its course. */
  readonly confirm: () => void;
  readonly signal: AbortSignal;
}

export interface Hold {
  /** Stops a hold under way because the position changed under it, and says so. */
  cancel(): void;
}

/**
 * A button on a chart (Close, Breakeven, Close half) acts only when a person holds it: a trusted pointer
 * press on this very button held CHART_HOLD_MS without leaving it, or Space or Enter held as long. Clicks
 * are not listened to at all, so no page-made or stray click does anything; a press is refused outright when the badge is not shown as
 * Perch drew it or changed a moment ago (shown-as-drawn.ts), and checked again when the hold completes.
 */
export function holdToAct({ button, name, watch, say, confirm, signal }: HoldOptions): Hold {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (reason: string) => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    button.classList.remove('holding');
    say(reason);
  };
  const start = (event: Event) => {
    if (!event.isTrusted || button.disabled || timer !== undefined) return;
    const refusal = watch.refusal();
    if (refusal !== undefined) {
      say(refusal);
      return;
    }
    button.classList.add('holding');
    say(holdHint(name));
    timer = setTimeout(() => {
      timer = undefined;
      button.classList.remove('holding');
      const late = watch.refusal();
      if (late !== undefined) say(late);
      else confirm();
    }, CHART_HOLD_MS);
  };
  const letGo = () => {
    stop(letGoEarly(name));
  };
  const listen = <K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
  ) => {
    button.addEventListener(type, listener, { signal });
  };
  listen('pointerdown', (event) => {
    if (event.button === 0) start(event);
  });
  listen('pointerup', letGo);
  listen('pointerleave', letGo);
  listen('pointercancel', letGo);
  listen('blur', letGo);
  listen('keydown', (event) => {
    if (!isPressKey(event)) return;
    // Left alone, the browser turns the key into a click: the hold decides, not the click.
    event.preventDefault();
    if (!event.repeat) start(event);
  });
  listen('keyup', (event) => {
    if (!isPressKey(event)) return;
    event.preventDefault();
    letGo();
  });
  signal.addEventListener(
    'abort',
    () => {
      clearTimeout(timer);
    },
    { once: true },
  );
  return {
    cancel: () => {
      stop(changedWhileHeld(name));
    },
  };
}

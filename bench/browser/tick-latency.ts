/** A price the simulator sent, and when (ms on the machine's clock: `performance.timeOrigin + now()`). */
export interface SentTick {
  readonly price: number;
  readonly sentAt: number;
}

/** What a screen showed, and when, on the same clock: each change of the watched element's text. */
export interface Shown {
  readonly text: string;
  readonly at: number;
}

export interface TickLatencies {
  /** Per tick that reached the screen: ms from its send until the screen showed it or a later price. */
  readonly latencies: readonly number[];
  /** Ticks whose own price was on screen at some point (the rest were replaced before a paint). */
  readonly shownExactly: number;
  /** Ticks the screen never caught up with before the run ended. */
  readonly neverShown: number;
}

/** The number a screen shows, read as a trader would: thousands separators and labels ignored. */
export function shownPrice(text: string): number {
  const digits = /\d[\d,]*(\.\d+)?/.exec(text)?.[0];
  return digits === undefined ? Number.NaN : Number(digits.replaceAll(',', ''));
}

/**
 * How long each tick took to reach a screen. The sent prices rise with every tick, so a screen that
 * shows a price at least as high as a tick's has caught up with it: a page that receives changes at
 * most every so often shows only the latest, and a tick it skipped counts until the newer price shows.
 */
export function tickLatencies(sent: readonly SentTick[], shown: readonly Shown[]): TickLatencies {
  const readings = shown
    .map(({ text, at }) => ({ price: shownPrice(text), at }))
    .filter((reading) => Number.isFinite(reading.price))
    .sort((a, b) => a.at - b.at);
  const latencies: number[] = [];
  let shownExactly = 0;
  let neverShown = 0;
  for (const tick of sent) {
    const caughtUp = readings.find((reading) => reading.at >= tick.sentAt && reading.price >= tick.price);
    if (caughtUp === undefined) {
      neverShown++;
      continue;
    }
    latencies.push(caughtUp.at - tick.sentAt);
    if (readings.some((reading) => reading.at >= tick.sentAt && reading.price === tick.price)) shownExactly++;
  }
  return { latencies, shownExactly, neverShown };
}

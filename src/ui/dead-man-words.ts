import type { DeadManSwitchView } from '../contracts/dead-man-switch';

/** A time of day as the trader's browser writes it, to the second. */
export const clockTime = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The line saying the switch is armed, and until when; undefined while it is not armed. */
export function armedWords(view: DeadManSwitchView | undefined): string | undefined {
  if (view?.armedUntil === undefined) return undefined;
  return `Dead-man switch armed: OKX cancels your orders if Perch stops for ${String(view.timeoutSeconds)} s (armed until ${clockTime(view.armedUntil)}, renewed while Perch runs).`;
}

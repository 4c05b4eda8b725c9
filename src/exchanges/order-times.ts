import { present } from './decimal';
import type { OrderOrigin } from './model';

/**
 * `createdAt` from the exchange's ms text (OKX `cTime`, Bybit `createdTime`), left out when the row
 * carries none: an order's age is never guessed from when Perch saw it.
 */
export function createdAtOf(ms: string | undefined): { createdAt: number } | Record<string, never> {
  const text = present(ms);
  const time = text === undefined ? NaN : Number(text);
  return Number.isFinite(time) && time > 0 ? { createdAt: time } : {};
}

/** `origin` when the exchange named one, left out otherwise (an order's maker is never guessed). */
export function originOf(origin: OrderOrigin | undefined): { origin: OrderOrigin } | Record<string, never> {
  return origin === undefined ? {} : { origin };
}

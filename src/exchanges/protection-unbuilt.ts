import { UnsupportedError } from './errors';
import type { ExchangeProtection } from './exchange-types';
import type { ExchangeId } from './model';

/**
 * TEMPORARY, removed before issue 22 is resolved: the protection facet of an exchange whose stops and
 * targets are not built yet. Every request is refused in words; nothing is sent.
 */
export function unbuiltProtection(exchange: ExchangeId): ExchangeProtection {
  const refuse = (): Promise<never> =>
    Promise.reject(new UnsupportedError(`Stops and targets on ${exchange} are not built yet.`));
  return { list: refuse, protect: refuse, move: refuse, cancel: refuse, breakeven: refuse, trail: refuse };
}

import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import { AuthError, RateLimitError, type ExchangeId } from '../../exchanges';
import { gatewayStatusOf } from '../error-status';

/**
 * Why a REST fallback of an exchange link failed, in the words the popup shows beside the exchange's state
 * (`what`: "the account" or "prices"). Never the error's own text: it names endpoints and may carry a
 * gateway's page.
 */
export function fallbackProblem(id: ExchangeId, what: string, error: unknown): string {
  const name = EXCHANGE_NAMES[id];
  const shown = `what Perch shows of ${what} may be out of date`;
  if (error instanceof RateLimitError) return `${name} is limiting requests, so ${shown}.`;
  if (error instanceof AuthError)
    return `${name} refused the API key, so ${shown}. Check it with "Test connection" in Options.`;
  const status = gatewayStatusOf(error);
  const answered = status === undefined ? '' : ` (HTTP ${String(status)})`;
  return `${name} did not answer${answered} when Perch asked for ${what}, so ${shown}.`;
}

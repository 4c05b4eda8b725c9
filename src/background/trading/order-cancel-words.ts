import type { CancelOrderRequest, CancelResult } from '../../contracts/orders';
import { EXCHANGE_NAMES, type ExchangeId } from '../../contracts/vocabulary';
import { AuthError, ExchangeError, RateLimitError, errorMessage } from '../../exchanges';
import type { OrderEnd } from './order-end-watch';
import { isIndefinite } from './close-words';

/** A cancel's outcome in a trader's words (docs/architecture.md "Open orders"). */

const ROLE_NAMES = { stop: 'stop', target: 'target', trailing: 'trailing stop' } as const;

/** "the order 123 on OKX BTC-USDT-SWAP", "the stop on Bybit ETHUSDT". */
export function orderName(
  request: Pick<CancelOrderRequest, 'exchange' | 'instrument' | 'source' | 'id' | 'role'>,
): string {
  const where = `on ${EXCHANGE_NAMES[request.exchange]} ${request.instrument.symbol}`;
  if (request.source === 'leg') return `the ${ROLE_NAMES[request.role ?? 'stop']} ${where}`;
  return `the order ${request.id} ${where}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the stream showed, as the answer to the trader's cancel. */
export function endedWords(name: string, end: OrderEnd, source: CancelOrderRequest['source']): CancelResult {
  if (end === 'filled') {
    const how =
      source === 'leg' ? 'fired before the cancel reached it' : 'filled before the cancel reached it';
    return { status: 'filled', message: `${capitalise(name)} ${how}.` };
  }
  if (end === 'gone') return { status: 'cancelled', message: `${capitalise(name)} is no longer open.` };
  return { status: 'cancelled', message: `${capitalise(name)} is cancelled.` };
}

export function unconfirmedWords(name: string, exchange: ExchangeId): CancelResult {
  const label = EXCHANGE_NAMES[exchange];
  return {
    status: 'unconfirmed',
    message: `${label} took the cancel of ${name} but has not yet shown it cancelled; look at the list before cancelling again.`,
  };
}

/**
 * Cancel refusals a trader can act on (docs/protocol.md "OKX envelopes and errors", "Bybit envelopes and
 * errors"): OKX 51400 no such order, 51401 already cancelled, 51402 already filled, 51603 no such algo
 * order; Bybit 110001 order does not exist (or is finished).
 */
const ALREADY_FILLED = new Set(['51402']);
const ALREADY_CANCELLED = new Set(['51401']);
const NOT_OPEN = new Set(['51400', '51603', '110001']);

/** The exchange's "no", in words, with its own code and text so a trader can look it up. */
export function refusedWords(name: string, exchange: ExchangeId, code: string, said: string): CancelResult {
  const label = EXCHANGE_NAMES[exchange];
  const theirs = `${label} said: ${code}${said === '' ? '' : ` "${said}"`}.`;
  if (ALREADY_FILLED.has(code))
    return { status: 'filled', message: `${capitalise(name)} had already filled. ${theirs}` };
  if (ALREADY_CANCELLED.has(code))
    return { status: 'cancelled', message: `${capitalise(name)} was already cancelled. ${theirs}` };
  if (NOT_OPEN.has(code)) {
    return {
      status: 'refused',
      message: `${capitalise(name)} is no longer open on ${label}: it may have just filled or been cancelled. ${theirs}`,
    };
  }
  return { status: 'refused', message: `${label} refused to cancel ${name}. ${theirs}` };
}

/** A cancel that threw: unanswered (it may have gone through), or refused. */
export function failedWords(name: string, exchange: ExchangeId, error: unknown): CancelResult {
  const label = EXCHANGE_NAMES[exchange];
  if (isIndefinite(error)) return unconfirmedWords(name, exchange);
  if (error instanceof RateLimitError) {
    return {
      status: 'refused',
      message: `${label} is limiting requests right now, so ${name} was not cancelled. Wait a few seconds and try again.`,
    };
  }
  if (error instanceof AuthError) {
    return {
      status: 'refused',
      message: `${label} refused the API key, so ${name} was not cancelled. Check the key with "Test connection" in Options.`,
    };
  }
  if (error instanceof ExchangeError) return refusedWords(name, exchange, error.code, error.exchangeMessage);
  return { status: 'refused', message: `Perch could not cancel ${name}: ${errorMessage(error)}` };
}

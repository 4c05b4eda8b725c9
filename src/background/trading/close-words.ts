import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import { PerchError, type SeenPosition } from '../../contracts';
import {
  AuthError,
  ConfigError,
  ExchangeError,
  InvalidResponseError,
  NetworkError,
  plainDecimal,
  RateLimitError,
  TimeoutError,
  type Position,
} from '../../exchanges';
import { gatewayStatusOf } from '../error-status';
import type { PositionTarget } from './close-store';

export function exchangeLabel(target: Pick<PositionTarget, 'exchange'>): string {
  return EXCHANGE_NAMES[target.exchange];
}

/** "BTC-USDT-SWAP long position on OKX"; a one-way position has no side to name. */
function positionName(target: PositionTarget): string {
  const slot = target.slot === 'one-way' ? '' : ` ${target.slot}`;
  return `${target.instrument.symbol}${slot} position on ${exchangeLabel(target)}`;
}

/** "the BTC-USDT-SWAP long position on OKX". */
export function describePosition(target: PositionTarget): string {
  return `the ${positionName(target)}`;
}

const SIDE_WORDS: Record<Position['side'], string> = { long: 'Long', short: 'Short', flat: 'Flat' };

/** "Short 0.05": a side and size as the popup and the overlay write them. */
function sideAndSize({ side, sizeContracts }: Pick<Position, 'side' | 'sizeContracts'>): string {
  return `${SIDE_WORDS[side]} ${plainDecimal(sizeContracts)}`;
}

/** How an action names itself in a refusal: a close, or a change of a position's protection. */
export interface ActionWords {
  /** "close": "did not answer the close of …", "rejected the close of …". */
  readonly noun: string;
  /** "close": "refused to close …", "nothing left to close in …". */
  readonly verb: string;
  /** "was not closed": "so the … position was not closed". */
  readonly notDone: string;
  /** "Nothing was closed": what a refusal left as it was. */
  readonly nothingDone: string;
  /** "close once more": what the trader may do after looking again. */
  readonly again: string;
  /** "closing again": what to look at the position before, when no answer came. */
  readonly retrying: string;
  /** "still open": how the position stands when nothing was sent. */
  readonly unchanged: string;
}

export const CLOSE_WORDS: ActionWords = {
  noun: 'close',
  verb: 'close',
  notDone: 'was not closed',
  nothingDone: 'Nothing was closed',
  again: 'close once more',
  retrying: 'closing again',
  unchanged: 'still open',
};

/**
 * The position on the exchange is not the one the trader saw: it flipped to the other side or grew.
 * Acting on it would act on exposure the trader never looked at, so nothing is sent.
 */
export function positionChanged(
  target: PositionTarget,
  seen: SeenPosition,
  found: Pick<Position, 'side' | 'sizeContracts'>,
  words: ActionWords = CLOSE_WORDS,
): PerchError {
  return new PerchError(
    'PositionChangedError',
    `Your ${positionName(target)} changed since you saw it — it is now ${sideAndSize(found)}, not ${sideAndSize(seen)}. ${words.nothingDone}; look again and ${words.again}.`,
  );
}

/** A close sent, in words; when the position had shrunk since the trader saw it, what is left is named. */
export function closeSent(
  target: PositionTarget,
  seen: SeenPosition,
  found: Pick<Position, 'side' | 'sizeContracts'>,
  shrunk: boolean,
): string {
  const what = shrunk
    ? `the rest of ${describePosition(target)} (${sideAndSize(found)}; you saw ${sideAndSize(seen)})`
    : describePosition(target);
  return `Close of ${what} sent; waiting for ${exchangeLabel(target)} to confirm.`;
}

/**
 * Exchange codes a trader can act on (docs/protocol.md "OKX envelopes and errors", "Bybit envelopes and errors"). OKX: 51023 position does not exist,
 * 51169 nothing to reduce in that direction, 51112 close size above what is available; 51008/51119/51131/
 * 51127 insufficient balance; 50120 the key lacks the permission. Bybit: 110017 reduce-only rule not
 * satisfied, 180020 position not found (https://bybit-exchange.github.io/docs/v5/error);
 * 110004/110007/110012/110044 insufficient balance; 10005 permission denied.
 */
const NO_POSITION = new Set(['51023', '51169', '110017', '180020']);
const INSUFFICIENT = new Set(['51008', '51119', '51131', '51127', '110004', '110007', '110012', '110044']);
const NO_PERMISSION = new Set(['50120', '10005']);
const SIZE_CHANGED = new Set(['51112']);

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The exchange's own words beside ours, so a trader can look them up. */
function theirWords(error: ExchangeError): string {
  const code = error.code === '' ? `HTTP ${error.httpStatus}` : error.code;
  const text = error.exchangeMessage === '' ? '' : ` "${error.exchangeMessage}"`;
  return `${error.exchange === 'okx' ? 'OKX' : 'Bybit'} said: ${code}${text}.`;
}

/** True when the request may have reached the exchange though no answer came back. */
export function isIndefinite(error: unknown): boolean {
  return (
    error instanceof TimeoutError || error instanceof NetworkError || error instanceof InvalidResponseError
  );
}

/** No unlocked key for the exchange: nothing can be traded there. */
function keyMissing(target: PositionTarget): PerchError {
  const exchange = exchangeLabel(target);
  return new PerchError(
    'ExchangeNotConnectedError',
    `Perch cannot trade on ${exchange}: unlock Perch, or add an API key for ${exchange} in Options.`,
  );
}

/** What a refusal came to: the trader's words, and whether the action may have gone through after all. */
export interface Refusal {
  readonly indefinite: boolean;
  readonly message: string;
}

/**
 * A failed action (or its position look-up), worded for the trader; nothing of a key or secret is in it.
 * Rethrows what is not an exchange's answer (a bug), which the router reports as an internal error.
 */
export function refusalOf(target: PositionTarget, error: unknown, words: ActionWords): Refusal {
  const what = describePosition(target);
  const exchange = exchangeLabel(target);
  const definite = (message: string): Refusal => ({ indefinite: false, message });
  if (error instanceof ConfigError) throw keyMissing(target);
  if (isIndefinite(error)) {
    return {
      indefinite: true,
      message: `${exchange} did not answer the ${words.noun} of ${what}, so it may or may not have gone through. Perch is checking with ${exchange}; look at the position before ${words.retrying}.`,
    };
  }
  if (!(error instanceof ExchangeError)) throw error;
  const said = theirWords(error);
  const notDone = `${what} ${words.notDone}`;
  if (error instanceof RateLimitError) {
    return definite(
      `${exchange} is limiting requests right now, so ${notDone}. Wait a few seconds and try again. ${said}`,
    );
  }
  if (NO_PERMISSION.has(error.code)) {
    return definite(
      `${exchange} says this API key may not trade, so ${notDone}. Give the key trade permission on ${exchange}'s API page. ${said}`,
    );
  }
  if (error instanceof AuthError) {
    return definite(
      `${exchange} refused the API key, so ${notDone}. Check the key with "Test connection" in Options. ${said}`,
    );
  }
  if (NO_POSITION.has(error.code)) {
    return definite(
      `${exchange} has nothing left to ${words.verb} in ${what}: it may have just closed. ${said}`,
    );
  }
  if (INSUFFICIENT.has(error.code)) {
    return definite(
      `${exchange} refused to ${words.verb} ${what} for lack of available margin or balance. ${said}`,
    );
  }
  if (SIZE_CHANGED.has(error.code)) {
    return definite(
      `${exchange} refused to ${words.verb} ${what}: its size changed while the ${words.noun} was on its way. Try again. ${said}`,
    );
  }
  return definite(`${exchange} rejected the ${words.noun} of ${what}. ${said}`);
}

/** A failed close, as the error its answer carries. */
export function closeFailure(target: PositionTarget, error: unknown): PerchError {
  if (error instanceof ConfigError) return keyMissing(target);
  const refusal = refusalOf(target, error, CLOSE_WORDS);
  return new PerchError(refusal.indefinite ? 'CloseUnconfirmedError' : 'CloseRejectedError', refusal.message);
}

/**
 * The position could not be looked up before an action, so nothing was sent. An unanswered look-up says
 * so in words (it is no action that "may have gone through").
 */
export function unreachableLookup(target: PositionTarget, error: unknown, words: ActionWords): string {
  const httpStatus = gatewayStatusOf(error);
  const status = httpStatus === undefined ? '' : ` (HTTP ${String(httpStatus)})`;
  return `Perch could not reach ${exchangeLabel(target)} to look up ${describePosition(target)}${status}, so no ${words.noun} was sent and the position is ${words.unchanged}. Try again in a moment.`;
}

/** A close's look-up failed: unanswered, it says so in words; answered, it reads like a close's. */
export function lookupFailure(target: PositionTarget, error: unknown): PerchError {
  if (!isIndefinite(error)) return closeFailure(target, error);
  return new PerchError('CloseRejectedError', unreachableLookup(target, error, CLOSE_WORDS));
}

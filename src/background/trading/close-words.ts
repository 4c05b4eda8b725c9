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

/**
 * The position on the exchange is not the one the trader saw: it flipped to the other side or grew.
 * Closing it would act on exposure the trader never looked at, so nothing is sent.
 */
export function positionChanged(
  target: PositionTarget,
  seen: SeenPosition,
  found: Pick<Position, 'side' | 'sizeContracts'>,
): PerchError {
  return new PerchError(
    'PositionChangedError',
    `Your ${positionName(target)} changed since you saw it — it is now ${sideAndSize(found)}, not ${sideAndSize(seen)}. Nothing was closed; look again and close once more.`,
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

/**
 * A failed close (or its position look-up), worded for the trader; nothing of a key or secret is in it.
 * Rethrows what is not an exchange's answer (a bug), which the router reports as an internal error.
 */
export function closeFailure(target: PositionTarget, error: unknown): PerchError {
  const what = describePosition(target);
  const exchange = exchangeLabel(target);
  if (error instanceof ConfigError) {
    return new PerchError(
      'ExchangeNotConnectedError',
      `Perch cannot trade on ${exchange}: unlock Perch, or add an API key for ${exchange} in Options.`,
    );
  }
  if (isIndefinite(error)) {
    return new PerchError(
      'CloseUnconfirmedError',
      `${exchange} did not answer the close of ${what}, so it may or may not have gone through. Perch is checking with ${exchange}; look at the position before closing again.`,
    );
  }
  if (!(error instanceof ExchangeError)) throw error;
  const said = theirWords(error);
  if (error instanceof RateLimitError) {
    return new PerchError(
      'CloseRejectedError',
      `${exchange} is limiting requests right now, so ${what} was not closed. Wait a few seconds and try again. ${said}`,
    );
  }
  if (NO_PERMISSION.has(error.code)) {
    return new PerchError(
      'CloseRejectedError',
      `${exchange} says this API key may not trade, so ${what} was not closed. Give the key trade permission on ${exchange}'s API page. ${said}`,
    );
  }
  if (error instanceof AuthError) {
    return new PerchError(
      'CloseRejectedError',
      `${exchange} refused the API key, so ${what} was not closed. Check the key with "Test connection" in Options. ${said}`,
    );
  }
  if (NO_POSITION.has(error.code)) {
    return new PerchError(
      'CloseRejectedError',
      `${exchange} has nothing left to close in ${what}: it may have just closed. ${said}`,
    );
  }
  if (INSUFFICIENT.has(error.code)) {
    return new PerchError(
      'CloseRejectedError',
      `${exchange} refused to close ${what} for lack of available margin or balance. ${said}`,
    );
  }
  if (SIZE_CHANGED.has(error.code)) {
    return new PerchError(
      'CloseRejectedError',
      `${exchange} refused to close ${what}: its size changed while the close was on its way. Try again. ${said}`,
    );
  }
  return new PerchError('CloseRejectedError', `${exchange} rejected the close of ${what}. ${said}`);
}

/**
 * The position could not be looked up before a close, so nothing was sent. An unanswered look-up says
 * so in words (it is no close that "may have gone through"); an answered one reads like a close's.
 */
export function lookupFailure(target: PositionTarget, error: unknown): PerchError {
  if (!isIndefinite(error)) return closeFailure(target, error);
  const exchange = exchangeLabel(target);
  const httpStatus = gatewayStatusOf(error);
  const status = httpStatus === undefined ? '' : ` (HTTP ${String(httpStatus)})`;
  return new PerchError(
    'CloseRejectedError',
    `Perch could not reach ${exchange} to look up ${describePosition(target)}${status}, so no close was sent and the position is still open. Try again in a moment.`,
  );
}

import { errorMessage, NamedError } from '../exchanges/named-error';

/**
 * The errors a reply may carry, each worded for the trader. Anything else a handler throws is reported as
 * `InternalError`, so no stack, exception text or exchange detail reaches a page's content script.
 */
export const PERCH_ERROR_NAMES = [
  'InvalidMessageError',
  'UnknownMessageError',
  'ForbiddenSenderError',
  'InvalidRequestError',
  'InternalError',
  'InvalidReplyError',
  // Raised in the page, never in a reply: the worker stopped while it held the request.
  'BackgroundStoppedError',
  'VaultNotSetUpError',
  'VaultAlreadySetUpError',
  'VaultLockedError',
  'WrongPassphraseError',
  'WeakPassphraseError',
  'InvalidSettingError',
  // Closing a position (background/trading):
  'ForbiddenSymbolError',
  'ExchangeNotConnectedError',
  'CloseRejectedError',
  'CloseUnconfirmedError',
  // The position on the exchange is no longer the one the trader saw (flipped or grown): nothing was sent.
  'PositionChangedError',
  // Protecting a position: the exchange did not answer a stop, target or partial close (it may have taken it).
  'ProtectionUnconfirmedError',
] as const;
export type PerchErrorName = (typeof PERCH_ERROR_NAMES)[number];

/** An error Perch names and words for the trader. Recognised by `name`: `instanceof` fails across contexts. */
export class PerchError extends NamedError {
  override readonly name: PerchErrorName;

  constructor(name: PerchErrorName, message: string) {
    super(message);
    this.name = name;
  }
}

export { errorMessage };

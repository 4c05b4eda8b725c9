import { InvalidResponseError, UnsupportedError } from '../errors';
import type { CancelAllAfterAck } from '../exchange-types';
import type { OkxApi } from './rest-api';
import { firstItem } from './rest-exchange';

/** OKX's range for `timeOut`, in seconds; 0 turns it off (docs/protocol.md "Cancel all after"). */
const OKX_CANCEL_ALL_AFTER_SECONDS = { min: 10, max: 120 } as const;

/**
 * OKX writes every time in ms, but the page's example writes triggerTime in seconds ("1587971460"); no ms time
 * since 1973 has as few digits, so a short one is read as seconds.
 */
const SECONDS_BELOW = 1e11;

function checkTimeout(timeoutSeconds: number): void {
  const { min, max } = OKX_CANCEL_ALL_AFTER_SECONDS;
  if (timeoutSeconds === 0) return;
  if (Number.isInteger(timeoutSeconds) && timeoutSeconds >= min && timeoutSeconds <= max) return;
  throw new UnsupportedError(
    `OKX cancels all orders after ${String(min)} to ${String(max)} whole seconds, or 0 to turn it off, not ${String(timeoutSeconds)}.`,
  );
}

/** POST /api/v5/trade/cancel-all-after at account level (no tag): every resting order of the account. */
export async function okxCancelAllAfter(api: OkxApi, timeoutSeconds: number): Promise<CancelAllAfterAck> {
  checkTimeout(timeoutSeconds);
  const result = await api.cancelAllAfter({ timeOut: String(timeoutSeconds) });
  const { triggerTime } = firstItem(result);
  if (!/^\d+$/.test(triggerTime))
    throw new InvalidResponseError(
      result.endpoint,
      result.httpStatus,
      `triggerTime "${triggerTime}" is not a time`,
      result.raw,
    );
  const time = Number(triggerTime);
  if (time === 0) return { armedUntil: undefined };
  return { armedUntil: time < SECONDS_BELOW ? time * 1_000 : time };
}

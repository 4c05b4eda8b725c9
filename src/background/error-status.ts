import { InvalidResponseError } from '../exchanges';

/** The HTTP status of an answer that was not the exchange's (a gateway's 5xx page); else undefined. */
export function gatewayStatusOf(error: unknown): number | undefined {
  return error instanceof InvalidResponseError ? error.httpStatus : undefined;
}

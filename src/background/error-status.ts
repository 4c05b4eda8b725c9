import { isErrorNamed } from '../exchanges';

/** The HTTP status of an answer that was not the exchange's (a gateway's 5xx page); else undefined. */
export function gatewayStatusOf(error: unknown): number | undefined {
  if (!isErrorNamed(error, 'InvalidResponseError') || typeof error !== 'object' || error === null)
    return undefined;
  const { httpStatus } = error as { readonly httpStatus?: unknown };
  return typeof httpStatus === 'number' ? httpStatus : undefined;
}

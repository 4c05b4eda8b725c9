import type * as z from 'zod/mini';

/**
 * Validates a push at the boundary (zod/mini). Throws a short error naming the first bad field; the
 * socket group turns it into an 'unparseable' error event, so one bad frame never stops the stream.
 */
export function parsePush<T extends z.ZodMiniType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue === undefined ? '' : issue.path.map(String).join('.');
  throw new Error(
    `${what} push did not match the documented shape at "${path}": ${issue?.message ?? 'invalid'}`,
  );
}

/** The fields of `value` that are not undefined: merging them never erases a value a delta left out. */
export function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/** A control-frame field as text: codes come as strings (OKX) or numbers (Bybit `retCode`); else "". */
export function frameText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

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

/**
 * What `parsePush` returns, with `isValid` (a hand check at least as strict as `schema`) in front for the
 * pushes that arrive many times a second: a push it passes is used as it is; any other goes to the schema,
 * which refuses it with the same words as before.
 */
export function parseHotPush<T extends z.ZodMiniType>(
  schema: T,
  isValid: (value: unknown) => value is z.infer<T>,
  value: unknown,
  what: string,
): z.infer<T> {
  return isValid(value) ? value : parsePush(schema, value, what);
}

/**
 * `base` with the fields of `update` that are not undefined laid over it: merging a delta never erases a
 * value it left out. A plain loop: this runs for every ticker push.
 */
export function mergeDefined<T extends object>(base: T, update: Partial<T>): T {
  const merged = { ...base };
  for (const key in update) {
    const value = update[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/** A control-frame field as text: codes come as strings (OKX) or numbers (Bybit `retCode`); else "". */
export function frameText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

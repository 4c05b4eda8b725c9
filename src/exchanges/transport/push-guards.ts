/**
 * Hand checks for the pushes that arrive many times a second (books, tickers). Each is at least as
 * strict as the zod schema it stands in front of: a push it passes, the schema would pass too; anything
 * else goes to the schema, which names what is wrong (see `parseHotPush`).
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isOptionalText(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

/** A finite number (zod's number refuses NaN and the infinities). */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A finite number, or absent. */
export function isOptionalNumber(value: unknown): value is number | undefined {
  return value === undefined || isFiniteNumber(value);
}

/** Every one of `keys` is absent or text. */
export function hasOptionalTexts(record: Record<string, unknown>, keys: readonly string[]): boolean {
  for (const key of keys) if (!isOptionalText(record[key])) return false;
  return true;
}

/**
 * Every key of `record` that is one of `texts` holds text, as `hasOptionalTexts` asks of a push, for
 * pushes that carry few of the keys they may (a Bybit ticker delta): one look per key the push has.
 */
export function hasTextsWhereKnown(record: Record<string, unknown>, texts: ReadonlySet<string>): boolean {
  for (const key in record) if (texts.has(key) && typeof record[key] !== 'string') return false;
  return true;
}

/** A list of book levels: arrays whose every element is text. */
export function isLevelList(value: unknown): value is string[][] {
  if (!Array.isArray(value)) return false;
  for (const level of value as unknown[]) {
    if (!Array.isArray(level)) return false;
    for (const field of level as unknown[]) if (typeof field !== 'string') return false;
  }
  return true;
}

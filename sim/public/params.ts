/** Query helpers shared by the public REST handlers. */

/**
 * Reads an integer limit: default when absent, `max` caps it (both exchanges clamp rather than
 * reject), undefined when it is not a positive whole number.
 */
export function readLimit(
  query: URLSearchParams,
  name: string,
  fallback: number,
  max: number,
): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  if (value < 1) return undefined;
  return Math.min(value, max);
}

/** Reads an optional integer timestamp filter (OKX `after`/`before`, Bybit `start`/`end`). */
export function readTime(query: URLSearchParams, name: string): number | undefined | 'invalid' {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  return /^\d+$/.test(raw) ? Number(raw) : 'invalid';
}

/** The middle value (the mean of the middle two for an even count): one slow pass on a shared machine counts little. */
export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const upper = sorted[middle];
  if (upper === undefined) throw new Error('no values to take the median of');
  return sorted.length % 2 === 1 ? upper : (upper + (sorted[middle - 1] ?? upper)) / 2;
}

/** `--scale 0.1` shrinks the run (development); 1 is the full size. */
export function readScale(argv: readonly string[]): number {
  const index = argv.indexOf('--scale');
  if (index === -1) return 1;
  const scale = Number(argv[index + 1]);
  if (!(scale > 0 && scale <= 1)) throw new Error('--scale takes a number in (0, 1]');
  return scale;
}

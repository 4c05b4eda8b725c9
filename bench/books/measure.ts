/** `--scale 0.1` shrinks the run (development); 1 is the full size. */
export function readScale(argv: readonly string[]): number {
  const index = argv.indexOf('--scale');
  if (index === -1) return 1;
  const scale = Number(argv[index + 1]);
  if (!(scale > 0 && scale <= 1)) throw new Error('--scale takes a number in (0, 1]');
  return scale;
}

/**
 * What a hot function in Perch's per-frame profile stands for, and what would make it cheaper: read
 * against the code of src/exchanges as it is when this was written (a renamed function simply goes
 * unexplained).
 */
const READINGS: readonly { readonly pattern: RegExp; readonly reading: string }[] = [
  {
    // The frame reader is JSON.parse and little else, so V8 may inline it into the connection's receive.
    pattern: /^(parse(Okx|Bybit)Frame |receive \(src\/exchanges\/transport\/socket-connection)/,
    reading: 'the frame reader holds JSON.parse of the frame: the floor every client pays',
  },
  {
    pattern: /zod/,
    reading:
      'zod validation of every push: plain guards of the few fields read on the book and ticker channels would drop most of it',
  },
  {
    pattern: /^\(garbage collector\)$/,
    reading:
      'garbage from per-frame copies (the top levels copied into every book event, spread merges of quotes and updates): fewer copies, or only the changed levels',
  },
  {
    pattern: /^crc32/,
    reading: "the OKX checksum's CRC-32 over the 25-level text of every update (the check ccxt 4.5 skips)",
  },
  {
    pattern: /^definedFields /,
    reading: "the quote merge's Object.entries/fromEntries per ticker: a plain loop would do",
  },
  {
    pattern: /^apply \(src\/exchanges\/transport\/socket-book/,
    reading: 'book apply: a binary search and splice per level, and the book event built from the top levels',
  },
];

/** The readings of the given hot functions, in their order, each once. */
export function readProfile(functions: readonly string[]): string[] {
  const found: string[] = [];
  for (const where of functions)
    for (const { pattern, reading } of READINGS)
      if (pattern.test(where) && !found.includes(reading)) found.push(reading);
  return found;
}

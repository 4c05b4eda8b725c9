/**
 * CRC-32 (IEEE, reflected 0xEDB88320) in pieces: the CRC of a text is computed once, and texts are
 * joined without hashing them again. The register update is linear, so the state after a state `s`
 * and a text `X` is shift(s, |X|) ^ crc(0, X), where shift runs |X| zero bytes through `s`.
 */

const TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** The register after `byte`, from `state`. */
export function crcStep(state: number, byte: number): number {
  return (TABLE[(state ^ byte) & 0xff] ?? 0) ^ (state >>> 8);
}

/**
 * The register that `byte` takes to `state`: the step run backwards. The table's 256 top bytes are
 * all different, so the top byte of `state` names the table entry the step XORed in.
 */
export function crcUnstep(state: number, byte: number): number {
  const top = state >>> 24;
  let index = 0;
  while (index < 255 && (TABLE[index] ?? 0) >>> 24 !== top) index++;
  return ((state ^ (TABLE[index] ?? 0)) << 8) | (index ^ byte) | 0;
}

/** The register after the ASCII text `text`, from `state`; undefined if a character is not ASCII. */
export function crcAscii(state: number, text: string): number | undefined {
  let crc = state;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return undefined;
    crc = crcStep(crc, code);
  }
  return crc;
}

/** The register after `bytes`, from `state`. */
export function crcBytes(state: number, bytes: Uint8Array): number {
  let crc = state;
  for (const byte of bytes) crc = crcStep(crc, byte);
  return crc;
}

/** The longest run of zeros one table covers; a longer run is shifted in parts. */
const LONGEST_TABLE = 255;
/** Run lengths covered by the first build: two levels of a busy book's checksum text and their `:`. */
const FIRST_TABLES = 40;

/**
 * For each run length, what that many zero bytes make of each byte of the register: four lanes of 256
 * per length, all lengths in one flat array (a shift reads it without first finding its table), built
 * on first need up to twice the longest length met so far, each length's from the one before.
 */
let shifts = new Int32Array(1024);
let longestBuilt = 0;
for (let lane = 0; lane < 4; lane++)
  for (let value = 0; value < 256; value++) shifts[lane * 256 + value] = value << (8 * lane);

function buildShifts(length: number): void {
  const grown = new Int32Array((length + 1) * 1024);
  grown.set(shifts);
  for (let n = longestBuilt + 1; n <= length; n++)
    for (let i = 0; i < 1024; i++) grown[n * 1024 + i] = crcStep(grown[(n - 1) * 1024 + i] ?? 0, 0);
  shifts = grown;
  longestBuilt = length;
}

/** The register `state` followed by `length` zero bytes. */
export function shiftZeros(state: number, length: number): number {
  if (length > longestBuilt) return shiftLonger(state, length);
  const table = shifts;
  const at = length << 10;
  return (
    (table[at + (state & 0xff)] ?? 0) ^
    (table[at + 256 + ((state >>> 8) & 0xff)] ?? 0) ^
    (table[at + 512 + ((state >>> 16) & 0xff)] ?? 0) ^
    (table[at + 768 + (state >>> 24)] ?? 0)
  );
}

/** A run longer than the tables built: they grow, or it is shifted in parts (kept out of the hot path). */
function shiftLonger(state: number, length: number): number {
  if (length > LONGEST_TABLE) return shiftZeros(shiftZeros(state, LONGEST_TABLE), length - LONGEST_TABLE);
  buildShifts(Math.min(LONGEST_TABLE, Math.max(length, 2 * longestBuilt, FIRST_TABLES)));
  return shiftZeros(state, length);
}

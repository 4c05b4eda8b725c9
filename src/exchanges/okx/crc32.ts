/**
 * CRC-32 (IEEE, reflected 0xEDB88320) in pieces: the CRC of a text is computed once, and texts are
 * joined without hashing them again. The register update is linear, so the state after a state `s`
 * and a text `X` is shift(s, |X|) ^ crc(0, X), where shift runs |X| zero bytes through `s` (one table
 * of four bytes' worth per length, built the first time a length is met).
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

/** Per length: what `length` zero bytes make of each byte of the register, in four tables of 256. */
const shifts: Int32Array[] = [];

function shiftTable(length: number): Int32Array {
  const known = shifts[length];
  if (known !== undefined) return known;
  const table = new Int32Array(1024);
  for (let lane = 0; lane < 4; lane++) {
    for (let value = 0; value < 256; value++) {
      let crc = value << (8 * lane);
      for (let n = 0; n < length; n++) crc = crcStep(crc, 0);
      table[lane * 256 + value] = crc;
    }
  }
  shifts[length] = table;
  return table;
}

/** The register `state` followed by `length` zero bytes. */
export function shiftZeros(state: number, length: number): number {
  const table = shiftTable(length);
  return (
    (table[state & 0xff] ?? 0) ^
    (table[256 + ((state >>> 8) & 0xff)] ?? 0) ^
    (table[512 + ((state >>> 16) & 0xff)] ?? 0) ^
    (table[768 + (state >>> 24)] ?? 0)
  );
}

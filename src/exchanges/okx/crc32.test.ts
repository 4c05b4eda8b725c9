import CRC32 from 'crc-32';
import { describe, expect, it } from 'vitest';
import { crcAscii, crcStep, crcUnstep, shiftZeros } from './crc32';

/** The register after `length` zero bytes, one step at a time. */
function stepZeros(state: number, length: number): number {
  let crc = state;
  for (let i = 0; i < length; i++) crc = crcStep(crc, 0);
  return crc;
}

describe('crc32 pieces', () => {
  it('runs a step backwards: unstepping a byte gives the register that byte came from', () => {
    for (const state of [0, -1, 1, 0x7fffffff, -0x80000000, 0x12345678, -0x543210ff])
      for (const byte of [0, 0x3a, 0x7f, 0xff]) {
        expect(crcUnstep(crcStep(state, byte), byte)).toBe(state);
        expect(crcStep(crcUnstep(state, byte), byte)).toBe(state);
      }
  });

  it('shifts a register through runs of zeros of every length, past the longest table', () => {
    const states = [-1, 0, 1, 0x3a, -0x12345679, 0x7edcba98];
    for (let length = 0; length <= 600; length += length < 64 ? 1 : 37)
      for (const state of states) expect(shiftZeros(state, length)).toBe(stepZeros(state, length));
  });

  it('joins the CRCs of two texts into the CRC of the two as one text', () => {
    const first = '95000.1:12.5';
    const second = ':94999.9:0.004';
    const joined = shiftZeros(crcAscii(-1, first) ?? 0, second.length) ^ (crcAscii(0, second) ?? 0);
    expect(~joined).toBe(CRC32.str(first + second));
  });
});

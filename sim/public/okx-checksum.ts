import { crc32 } from 'node:zlib';

/**
 * OKX order-book checksum (docs/protocol.md "OKX pushes"): the best 25 bids and asks interleaved as `bidPx:bidSz:askPx:askSz…`
 * (one side continues alone once the other runs out), CRC-32 of that string as a signed int32.
 * Levels are the exact strings sent on the wire.
 */
export function okxChecksum(
  bids: readonly (readonly [string, string, ...string[]])[],
  asks: readonly (readonly [string, string, ...string[]])[],
): number {
  const parts: string[] = [];
  for (let i = 0; i < 25; i++) {
    const bid = bids[i];
    const ask = asks[i];
    if (bid) parts.push(`${bid[0]}:${bid[1]}`);
    if (ask) parts.push(`${ask[0]}:${ask[1]}`);
  }
  return crc32(parts.join(':')) | 0;
}

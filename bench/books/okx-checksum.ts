import { crc32 } from 'node:zlib';

/** A level as the bench generates it: price and size exactly as the exchange would send them. */
export type WireLevel = readonly [price: string, size: string];

/** Levels per side in OKX's checksum (docs/protocol.md "OKX pushes"). */
export const OKX_CHECKSUM_DEPTH = 25;

/**
 * OKX's book checksum (docs/protocol.md "OKX pushes"), computed here with Node's own CRC-32 so the bench checks
 * the product's checksum against an independent one: the best 25 bids and asks interleaved
 * `bidPx:bidSz:askPx:askSz`, one side continuing alone once the other runs out, as a signed int32.
 */
export function referenceOkxChecksum(bids: readonly WireLevel[], asks: readonly WireLevel[]): number {
  const parts: string[] = [];
  for (let i = 0; i < OKX_CHECKSUM_DEPTH; i++) {
    const bid = bids[i];
    const ask = asks[i];
    if (bid !== undefined) parts.push(`${bid[0]}:${bid[1]}`);
    if (ask !== undefined) parts.push(`${ask[0]}:${ask[1]}`);
  }
  return crc32(parts.join(':')) | 0;
}

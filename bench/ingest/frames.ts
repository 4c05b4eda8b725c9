/**
 * OKX frames without their book checksum: Perch checks a checksum only when the update carries one, so
 * this is how the bench runs Perch's path with the check off (like-for-like with ccxt 4.5, which no longer
 * verifies OKX checksums) without a switch in the product. Done before timing; other frames pass as they are.
 */
export function withoutChecksum(text: string): string {
  if (!text.includes('"checksum"')) return text;
  const frame = JSON.parse(text) as { data?: unknown };
  if (!Array.isArray(frame.data)) return text;
  for (const item of frame.data as unknown[])
    if (typeof item === 'object' && item !== null) delete (item as { checksum?: unknown }).checksum;
  return JSON.stringify(frame);
}

import { describe, expect, it } from 'vitest';
import { withoutChecksum } from './frames';

describe('withoutChecksum', () => {
  it('drops the checksum of every book item and keeps the rest in order', () => {
    const text =
      '{"arg":{"channel":"books"},"action":"update","data":[{"asks":[],"bids":[],"ts":"1","checksum":-5,"seqId":2}]}';
    expect(withoutChecksum(text)).toBe(
      '{"arg":{"channel":"books"},"action":"update","data":[{"asks":[],"bids":[],"ts":"1","seqId":2}]}',
    );
  });

  it('leaves a frame without a checksum untouched', () => {
    const text = '{"arg":{"channel":"tickers"},"data":[{"last":"1"}]}';
    expect(withoutChecksum(text)).toBe(text);
  });
});

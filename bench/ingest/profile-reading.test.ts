import { describe, expect, it } from 'vitest';
import { readProfile } from './profile-reading';

describe('readProfile', () => {
  it('reads each hot function once, in order, and passes over those it does not know', () => {
    const readings = readProfile([
      'crc32_str (node_modules/crc-32/crc32.js)',
      'inst._zod.parse (node_modules/zod/v4/core/schemas.js)',
      'handlePropertyResult (node_modules/zod/v4/core/schemas.js)',
      'somethingNew (src/exchanges/x.ts)',
    ]);
    expect(readings).toHaveLength(2);
    expect(readings[0]).toMatch(/CRC-32/);
    expect(readings[1]).toMatch(/zod/);
  });

  it('reads the frame reader, inlined into the connection or not, as JSON.parse', () => {
    for (const where of [
      'parseBybitFrame (src/exchanges/bybit/streams.ts)',
      'receive (src/exchanges/transport/socket-connection.ts)',
    ])
      expect(readProfile([where])).toEqual([expect.stringMatching(/JSON\.parse/)]);
  });
});

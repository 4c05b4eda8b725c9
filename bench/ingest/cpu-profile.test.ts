import { describe, expect, it } from 'vitest';
import { selfTimes, type CpuProfile } from './cpu-profile';

const frame = (functionName: string, url = '') => ({ functionName, url });

describe('selfTimes', () => {
  it('adds up the time of each sample to the function on top of the stack, largest first', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('apply', 'file:///repo/src/book.ts') },
        { id: 3, callFrame: frame('', 'file:///elsewhere/node_modules/zod/parse.js') },
      ],
      samples: [2, 3, 2, 1],
      timeDeltas: [10, 5, 20, 1],
    };
    expect(selfTimes(profile, 'file:///repo/')).toEqual([
      { where: 'apply (src/book.ts)', micros: 30 },
      { where: '(anonymous) (node_modules/zod/parse.js)', micros: 5 },
      { where: '(root)', micros: 1 },
    ]);
  });
});

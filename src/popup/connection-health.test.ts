import { describe, expect, it } from 'vitest';
import type { FeedStatus, PortAccount } from '../contracts/ports';
import { accountStale, quotesStale } from './feed-health';

const live: FeedStatus = { exchange: 'okx', state: 'live', stale: false };
const account: PortAccount = {};

describe('feed health in the popup', () => {
  it('keeps prices fresh but marks positions stale while only the account sockets are down', () => {
    const feeds = { okx: { ...live, account: 'down' as const } };
    expect(quotesStale(feeds, 'okx')).toBe(false);
    expect(accountStale(feeds, account, 'okx')).toBe(true);
  });

  it('marks both stale when the market sockets are down, and neither when all is live', () => {
    expect(quotesStale({ okx: { ...live, state: 'down' } }, 'okx')).toBe(true);
    expect(accountStale({ okx: { ...live, state: 'down' } }, account, 'okx')).toBe(true);
    expect(accountStale({ okx: { ...live, account: 'live' } }, account, 'okx')).toBe(false);
  });
});

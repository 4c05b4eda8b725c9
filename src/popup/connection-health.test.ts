import { describe, expect, it } from 'vitest';
import type { ConnectionStatus, PortAccount } from '../contracts/ports';
import { accountStale, quotesStale } from './connection-health';

const live: ConnectionStatus = { exchange: 'okx', state: 'live', stale: false };
const account: PortAccount = {};

describe('connection health in the popup', () => {
  it('keeps prices fresh but marks positions stale while only the account sockets are down', () => {
    const connections = { okx: { ...live, account: 'down' as const } };
    expect(quotesStale(connections, 'okx')).toBe(false);
    expect(accountStale(connections, account, 'okx')).toBe(true);
  });

  it('marks both stale when the market sockets are down, and neither when all is live', () => {
    expect(quotesStale({ okx: { ...live, state: 'down' } }, 'okx')).toBe(true);
    expect(accountStale({ okx: { ...live, state: 'down' } }, account, 'okx')).toBe(true);
    expect(accountStale({ okx: { ...live, account: 'live' } }, account, 'okx')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { keepSessionStorageTrusted } from './session-access';

describe('keeping storage.session to trusted contexts', () => {
  it('sets the trusted-only access level where the browser can set it (Chrome)', async () => {
    const levels: string[] = [];
    await keepSessionStorageTrusted({
      setAccessLevel: ({ accessLevel }) => {
        levels.push(accessLevel);
        return Promise.resolve();
      },
    });
    expect(levels).toEqual(['TRUSTED_CONTEXTS']);
  });

  it('does nothing, and throws nothing, where the area is trusted-only by design (Firefox has no setAccessLevel)', async () => {
    await expect(keepSessionStorageTrusted({})).resolves.toBeUndefined();
  });
});

import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, expect, it } from 'vitest';
import { contracts } from '../../contracts';
import { createProfileStore } from '../profiles/profile-store';
import { createReadProfilesHandler } from './read-profiles';
import { createSaveProfileHandler } from './save-profile';

beforeEach(() => {
  fakeBrowser.reset();
});

const context = { sender: 'options' } as const;

it('reads both profiles with what a store build may choose (no simulator)', async () => {
  const read = createReadProfilesHandler(createProfileStore('production'), 'production');

  const answer = await read({}, context);

  expect(answer.profiles).toEqual([
    { exchange: 'okx', enabled: true, environment: 'live' },
    { exchange: 'bybit', enabled: true, environment: 'live' },
  ]);
  expect(answer.choices[0]).toEqual({
    exchange: 'okx',
    environments: ['live', 'demo'],
    regions: { live: ['global', 'eea', 'us', 'aws'], demo: ['global', 'eea', 'us'] },
  });
  expect(answer.choices[1]?.environments).toEqual(['live', 'testnet', 'demo']);
  expect(Object.keys(answer.choices[1]?.regions ?? {})).toEqual(['live']);
});

it('saves a profile, which the next read returns', async () => {
  const store = createProfileStore('development');
  const save = createSaveProfileHandler(store);
  const read = createReadProfilesHandler(store, 'development');
  const profile = { exchange: 'bybit', enabled: true, environment: 'live', region: 'EU' } as const;

  await expect(save({ profile }, context)).resolves.toEqual({ profile });
  expect((await read({}, context)).profiles[1]).toEqual(profile);
});

it('no content script may read or change profiles, or test a key', () => {
  for (const name of ['readProfiles', 'saveProfile', 'testConnection'] as const) {
    expect(contracts[name].senders).not.toContain('content');
  }
});

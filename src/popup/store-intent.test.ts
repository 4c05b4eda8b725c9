import { describe, expect, it } from 'vitest';
import { fakeBackground, rejects, resolves } from './popup-fakes.test-helper';
import { createPopupStore } from './store';

describe('the popup opened by a keyboard shortcut', () => {
  it('takes the close-everything intent once on load, and drops it once shown', async () => {
    const background = fakeBackground({ takePopupIntent: resolves({ intent: 'close-everything' }) });
    const store = createPopupStore(background.client);

    await store.getState().load();
    expect(store.getState().intent).toBe('close-everything');
    expect(background.sent.filter(({ name }) => name === 'takePopupIntent')).toEqual([
      { name: 'takePopupIntent', request: {} },
    ]);

    store.getState().dropIntent();
    expect(store.getState().intent).toBeUndefined();
  });

  it('opens plainly without an intent, or when the worker cannot say', async () => {
    for (const answer of [resolves({}), rejects('InternalError', 'No worker.')]) {
      const store = createPopupStore(fakeBackground({ takePopupIntent: answer }).client);
      await store.getState().load();
      expect(store.getState().intent).toBeUndefined();
    }
  });
});

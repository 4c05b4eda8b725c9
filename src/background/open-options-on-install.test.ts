import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openOptionsOnInstall } from './open-options-on-install';

describe('the options page on install', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('opens once when Perch is first installed, and not on an update or a browser start', async () => {
    const opened: string[] = [];
    openOptionsOnInstall(() => {
      opened.push('options');
      return Promise.resolve();
    });

    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9' });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'chrome_update' });
    expect(opened).toEqual([]);

    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(opened).toEqual(['options']);
  });
});

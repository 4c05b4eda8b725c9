import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sessionWantedStore, wantedSetting } from './wanted-setting';

const BTC = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;

describe('the saved wants', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('keeps what was saved in session storage', async () => {
    await sessionWantedStore.save([BTC]);
    await expect(sessionWantedStore.load()).resolves.toEqual([BTC]);
    await expect(fakeBrowser.storage.session.get('hubWanted')).resolves.toEqual({ hubWanted: [BTC] });
  });

  it('starts empty when what is stored does not parse', async () => {
    await fakeBrowser.storage.session.set({ hubWanted: [{ exchange: 'binance' }] });
    await expect(sessionWantedStore.load()).resolves.toEqual([]);
    await expect(wantedSetting.getValue()).resolves.toEqual([{ exchange: 'binance' }]);
  });
});

import * as z from 'zod/mini';
import { wantedInstrument, type WantedInstrument } from '../../contracts/ports';
import { storage } from '../../platform/storage';
import type { WantedStore } from './hub-types';

/**
 * What the open pages wanted, kept in memory-only session storage: a restarted worker reopens it at once,
 * a browser restart forgets it.
 */
export const wantedSetting = storage.defineItem<WantedInstrument[]>('session:hubWanted', {
  version: 1,
  fallback: [],
});

const wantedList = z.array(wantedInstrument);

export const sessionWantedStore: WantedStore = {
  async load() {
    // Only what still parses: a bad entry must not stop the worker from starting.
    const parsed = wantedList.safeParse(await wantedSetting.getValue());
    return parsed.success ? parsed.data : [];
  },
  save: (wanted) => wantedSetting.setValue([...wanted]),
};

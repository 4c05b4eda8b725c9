import { createStore } from 'zustand/vanilla';
import type { MessageClient } from '../platform/message-client';

export type BackgroundStatus =
  | { readonly kind: 'checking' }
  | { readonly kind: 'ready'; readonly version: string; readonly workerStartedAt: number }
  | { readonly kind: 'unreachable'; readonly reason: string };

export interface PopupState {
  readonly background: BackgroundStatus;
  readonly checkBackground: () => Promise<void>;
}

/** The popup's state, fed only by answers from the background. */
export function createPopupStore(client: MessageClient) {
  return createStore<PopupState>()((set) => ({
    background: { kind: 'checking' },
    async checkBackground() {
      set({ background: { kind: 'checking' } });
      try {
        const { version, workerStartedAt } = await client.send('ping', {});
        set({ background: { kind: 'ready', version, workerStartedAt } });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        set({ background: { kind: 'unreachable', reason } });
      }
    },
  }));
}

export type PopupStore = ReturnType<typeof createPopupStore>;

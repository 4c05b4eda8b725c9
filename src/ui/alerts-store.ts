import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Alert, AlertDraft, AlertList } from '../contracts/alerts';
import { errorMessage } from '../contracts/perch-error';
import type { MessageClient } from '../platform/message-client';

export type AlertsView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly list: AlertList }
  | { readonly kind: 'unreachable'; readonly reason: string };

export interface AlertsState {
  readonly view: AlertsView;
  /** Reads every alert and the last fired ones. */
  readonly load: () => Promise<void>;
  /**
   * Creates an alert, or replaces the one `id` names; the list is read again after. Each action rejects
   * with the background's error (worded for the trader) and reads the list again either way.
   */
  readonly save: (draft: AlertDraft, id?: string) => Promise<Alert>;
  readonly remove: (id: string) => Promise<void>;
  readonly setPaused: (id: string, paused: boolean) => Promise<void>;
}

export type AlertsStore = StoreApi<AlertsState>;

/** The alerts as the popup and the options page show them: the background's list, read after each change. */
export function createAlertsStore(client: MessageClient): AlertsStore {
  return createStore<AlertsState>()((set, get) => {
    async function load(): Promise<void> {
      try {
        set({ view: { kind: 'ready', list: await client.send('listAlerts', {}) } });
      } catch (error) {
        // A list already shown stays: a failed re-read after a change says nothing new about it.
        if (get().view.kind !== 'ready') set({ view: { kind: 'unreachable', reason: errorMessage(error) } });
      }
    }
    async function thenLoad<T>(change: Promise<T>): Promise<T> {
      try {
        return await change;
      } finally {
        await load();
      }
    }
    return {
      view: { kind: 'loading' },
      load,
      save: (draft, id) => thenLoad(client.send('saveAlert', { ...(id === undefined ? {} : { id }), draft })),
      remove: async (id) => {
        await thenLoad(client.send('deleteAlert', { id }));
      },
      setPaused: async (id, paused) => {
        await thenLoad(client.send('pauseAlert', { id, paused }));
      },
    };
  });
}

/** The alerts that can fire now: those not paused. */
export const activeCount = (list: AlertList) => list.alerts.filter((alert) => !alert.paused).length;

import { HUB_PORT, PAGE_MAX_QUOTES, hubPortMessage, type WantedInstrument } from '../contracts/ports';
import { connectPort, type PortClientOptions } from '../platform/port-client';
import { quoteKey, type PopupState, type PopupStore } from './store';

/** The watchlist, then the instrument of each open position not on it: the quotes the popup shows. */
export function wantedQuotes(state: Pick<PopupState, 'watchlist' | 'account'>): WantedInstrument[] {
  const watched = state.watchlist.kind === 'ready' ? state.watchlist.instruments : [];
  const wanted = new Map<string, WantedInstrument>();
  for (const entry of watched) wanted.set(quoteKey(entry), entry);
  for (const { exchange, kind, symbol } of state.account.positions ?? []) {
    const key = quoteKey({ exchange, kind, symbol });
    if (!wanted.has(key)) wanted.set(key, { exchange, kind, symbol });
  }
  return [...wanted.values()].slice(0, PAGE_MAX_QUOTES);
}

/**
 * Keeps the popup live over the hub port, which reconnects by itself when the worker was stopped: once
 * the watchlist is known (or failed to load), it asks for the quotes the popup shows and the whole
 * account, and asks again whenever that list changes.
 */
export function followLiveQuotes(store: PopupStore, connect?: PortClientOptions['connect']): () => void {
  const client = connectPort({
    name: HUB_PORT,
    ...(connect === undefined ? {} : { connect }),
    onMessage(raw) {
      const message = hubPortMessage.safeParse(raw);
      if (!message.success || message.data.type === 'error') return;
      store.getState().applyHub(message.data);
    },
  });
  let asked: string | undefined;
  const ask = (state: PopupState) => {
    // One request with the watchlist rather than one before it and one after: each costs the worker work.
    if (state.watchlist.kind === 'loading') return;
    const quotes = wantedQuotes(state);
    const key = JSON.stringify(quotes);
    if (key === asked) return;
    asked = key;
    client.send({ type: 'want', quotes, account: true });
  };
  ask(store.getState());
  const unsubscribe = store.subscribe(ask);
  return () => {
    unsubscribe();
    client.close();
  };
}

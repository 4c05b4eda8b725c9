import { HUB_PORT, PAGE_MAX_QUOTES, hubPortMessage, type WantedInstrument } from '../contracts/ports';
import { connectPort, type PortClientOptions } from '../platform/port-client';
import { instrumentKey } from '../contracts/instrument-key';
import type { PopupState, PopupStore } from './store';

/**
 * The instrument of each open position not on the watchlist: the quotes the popup needs besides the
 * watchlist's, which the hub adds itself.
 */
export function positionQuotes(state: Pick<PopupState, 'watchlist' | 'account'>): WantedInstrument[] {
  const watched = new Set(
    (state.watchlist.kind === 'ready' ? state.watchlist.instruments : []).map(instrumentKey),
  );
  const wanted = new Map<string, WantedInstrument>();
  for (const { exchange, kind, symbol } of state.account.positions ?? []) {
    const key = instrumentKey({ exchange, kind, symbol });
    if (!watched.has(key)) wanted.set(key, { exchange, kind, symbol });
  }
  return [...wanted.values()].slice(0, PAGE_MAX_QUOTES);
}

/**
 * Keeps the popup live over the hub port, which reconnects by itself when the worker was stopped. It asks
 * at once for the saved watchlist (the snapshot brings the list and its quotes in one answer, so the
 * first prices paint without a round trip for the list) and the whole account, and asks again when an
 * open position's instrument is not on the watchlist.
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
    const quotes = positionQuotes(state);
    const key = JSON.stringify(quotes);
    if (key === asked) return;
    asked = key;
    client.send({ type: 'want', quotes, account: true, watchlist: true });
  };
  ask(store.getState());
  const unsubscribe = store.subscribe(ask);
  return () => {
    unsubscribe();
    client.close();
  };
}

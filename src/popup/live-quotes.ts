import type { WantedInstrument } from '../contracts/ports';
import { instrumentKey } from '../contracts/instrument-key';
import { FIRST_WANT, PAGE_MAX_QUOTES } from '../contracts/port-names';
import { openEarlyHub, type EarlyHub } from '../platform/early-hub';
import { hubData, keptData } from './quote-state';
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
 * Keeps the popup live over the hub port, which reconnects by itself when the worker was stopped. The
 * port was opened by the page's first script asking for the saved watchlist (the snapshot brings the list
 * and its quotes in one answer, so the first prices paint without a round trip for the list) and the whole
 * account; it asks again when an open position's instrument is not on the watchlist. Until the first live
 * message, the quotes the worker kept from the last page are shown, marked stale. Neither is checked against
 * its schema again: both come from Perch's own worker (docs/architecture.md "Conventions", schemas at the boundary).
 */
export function followLiveQuotes(store: PopupStore, hub: EarlyHub = openEarlyHub()): () => void {
  let live = false;
  hub.take((raw) => {
    const message = hubData(raw);
    if (message === undefined) return;
    live = true;
    store.getState().applyHub(message);
  });
  void hub.kept.then((raw) => {
    const kept = keptData(raw);
    if (!live && kept !== undefined) store.getState().applyKept(kept);
  });
  let asked = JSON.stringify(FIRST_WANT.quotes);
  const ask = (state: PopupState) => {
    const quotes = positionQuotes(state);
    const key = JSON.stringify(quotes);
    if (key === asked) return;
    asked = key;
    hub.client.send({ type: 'want', quotes, account: true, watchlist: true });
  };
  ask(store.getState());
  const unsubscribe = store.subscribe(ask);
  return () => {
    unsubscribe();
    hub.client.close();
  };
}

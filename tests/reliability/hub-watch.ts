import type { ConnectionStatus, HubPortMessage, WantedInstrument } from '../../src/contracts/ports';
import type { Exchange, ExchangeId } from '../../src/exchanges/index';
import { createInstrumentLists } from '../../src/background/market/instrument-lists';
import { createPortfolio } from '../../src/background/portfolio/portfolio-state';
import {
  fakeRegistry,
  memoryWantedStore,
  recordingPortfolio,
} from '../../src/background/hub/hub-fakes.test-helper';
import { createHub } from '../../src/background/hub/hub';
import { Inbox, realClock, realTimers } from '../integration/ws-harness';
import type { Seen } from './exchange-watch';

/** What the popup calls an exchange whose prices cannot be trusted (src/popup/connection-health.ts). */
export const shownDown = (status: ConnectionStatus): boolean => status.state === 'down' || status.stale;

/**
 * The background hub on one real Exchange, with unlocked keys and one port wanting `instrument` and the whole
 * account, as the popup does: every status the hub publishes (the toolbar badge's view, not coalesced)
 * and every message the port receives, stamped with the time.
 */
export function popupOnHub(id: ExchangeId, exchange: Exchange, instrument: WantedInstrument) {
  const hub = createHub({
    registry: fakeRegistry({ [id]: exchange }),
    portfolio: recordingPortfolio().portfolio,
    account: createPortfolio({ clock: realClock }),
    hasCredentials: () => Promise.resolve(true),
    watchlist: () => Promise.resolve([]),
    wanted: memoryWantedStore(),
    instrumentLists: createInstrumentLists(realClock),
    clock: realClock,
    timers: realTimers,
  });
  const statuses = new Inbox<ConnectionStatus>();
  hub.onStatus((all) => {
    for (const status of all) if (status.exchange === id) statuses.push(status);
  });
  const received = new Inbox<Seen<HubPortMessage>>();
  const port = hub.connect((message) => {
    received.push({ at: realClock.now(), event: message });
  });
  port.want([instrument], 'whole');
  /** The next quote of `instrument` at the port, from message `from` on. */
  const quoteAt = (from: number) =>
    received.waitFor(
      ({ event }) =>
        event.type === 'changes' && event.quotes.some((quote) => quote.symbol === instrument.symbol),
      'a quote at the port',
      10_000,
      from,
    );
  return {
    statuses,
    received,
    quoteAt,
    disconnect: () => {
      port.disconnect();
    },
  };
}

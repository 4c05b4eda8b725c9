import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC } from '../../src/background/hub/hub-fakes.test-helper';
import { EXCHANGE_NAMES } from '../../src/contracts/vocabulary';
import type { ConnectionStatus } from '../../src/contracts/ports';
import type { ExchangeId } from '../../src/exchanges/index';
import { accountStale, quotesStale } from '../../src/popup/connection-health';
import { startSimulator, type RunningSimulator } from '../../sim/index';
import { simExchange } from '../integration/exchange-harness';
import { simAdmin } from '../integration/ws-harness';
import { popupOnHub } from './hub-watch';
import { recordScenario } from './scenario';

/** What the popup makes of one status: are the prices, and the positions, marked stale? */
function popupView(status: ConnectionStatus, id: ExchangeId) {
  const connections = { [id]: status };
  return { pricesStale: quotesStale(connections, id), positionsStale: accountStale(connections, {}, id) };
}

describe.each<ExchangeId>(['okx', 'bybit'])('Sockets: a key revoked on %s, as the popup sees it', (id) => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ seed: 9 });
  });
  afterAll(async () => {
    await sim.stop();
  });

  it('keeps live prices live and marks the positions stale until the key is accepted again', async ({
    task,
  }) => {
    const exchange = simExchange(sim, id, sim.wsUrl);
    const popup = popupOnHub(id, exchange, BTC[id]);
    try {
      await popup.quoteAt(0);
      await popup.statuses.waitFor((status) => status.account === 'live', 'the account streaming');

      await simAdmin(sim, 'faults', { refuseLogins: true });
      const fromStatus = popup.statuses.events.length;
      await simAdmin(sim, 'drop-sockets');
      const refused = await popup.statuses.waitFor(
        (status) => status.account === 'down' && status.state === 'live',
        'prices live again with the account refused',
        10_000,
        fromStatus,
      );
      // Prices keep coming over the public socket while the private one keeps being refused.
      const fromQuote = popup.received.events.length;
      await popup.quoteAt(fromQuote);
      await popup.quoteAt(popup.received.events.length);
      // The private socket keeps trying while it is refused, so between two refusals the account reads
      // "connecting": the latest refusal is what the popup shows for it, and the account is never live.
      const duringRefusal =
        popup.statuses.events.filter((status) => status.account === 'down').at(-1) ?? refused;
      expect(duringRefusal).toMatchObject({ state: 'live', stale: false, account: 'down' });
      const sinceRefused = popup.statuses.events.slice(popup.statuses.events.indexOf(refused));
      expect(sinceRefused.filter((status) => status.account === 'live')).toEqual([]);
      expect(popupView(duringRefusal, id)).toEqual({ pricesStale: false, positionsStale: true });

      await simAdmin(sim, 'faults', { refuseLogins: false });
      const accepted = await popup.statuses.waitFor(
        (status) => status.account === 'live',
        'the account accepted again',
        20_000,
        popup.statuses.events.indexOf(duringRefusal),
      );
      expect(popupView(accepted, id)).toEqual({ pricesStale: false, positionsStale: false });

      recordScenario(task, {
        section: 'Sockets',
        scenario: `${EXCHANGE_NAMES[id]}: key revoked while the popup streams (through the background hub)`,
        injected: '`refuseLogins` on and every socket cut, later `refuseLogins` off',
        times: 'once',
        result: `prices stayed live and fresh in the popup (state live, not stale) while the account was down, positions marked stale with "${duringRefusal.lastError ?? ''}"; both fresh again once the key was accepted, with no action. Found: the popup showed ${EXCHANGE_NAMES[id]} down and its live prices stale for a refused key; fixed (the hub judges market and account sockets apart)`,
      });
    } finally {
      popup.disconnect();
      exchange.close();
    }
  });
});

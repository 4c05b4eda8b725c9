import { createExchange, type Exchange, type ExchangeId } from '../../src/exchanges/index';
import type { RunningSimulator } from '../../sim/index';
import { nodeSocket, realClock, realTimers } from './ws-harness';

/**
 * One exchange account on the simulator, through the door, with the demo keys and Node's sockets.
 * `wsBaseUrl` elsewhere (a closed port) keeps every socket down, so everything goes over REST.
 */
export function simExchange(sim: RunningSimulator, exchange: ExchangeId, wsBaseUrl = sim.wsUrl): Exchange {
  const deps = {
    restBaseUrl: sim.url,
    wsBaseUrl,
    fetch: (url: string, init: object) => fetch(url, init),
    createSocket: nodeSocket,
    clock: realClock,
    timers: realTimers,
  };
  if (exchange === 'okx') {
    const { apiKey, secretKey, passphrase } = sim.accounts.okx;
    return createExchange({ exchange, ...deps, credentials: { apiKey, secret: secretKey, passphrase } });
  }
  const { apiKey, apiSecret } = sim.accounts.bybit;
  return createExchange({ exchange, ...deps, credentials: { apiKey, secret: apiSecret } });
}

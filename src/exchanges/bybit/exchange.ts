import { assembleExchange, type ExchangeSocketOptions } from '../exchange-assembly';
import type { Exchange } from '../exchange-types';
import type { BybitSocketKey } from './hosts';
import { createBybitInstruments } from './instruments';
import { createBybitProtection } from './protection';
import { createBybitRestClient, type BybitRestOptions } from './rest';
import { createBybitApi } from './rest-api';
import { bybitExchangeRest } from './rest-exchange';
import { bybitStreamTopic } from './stream-requests';
import { createBybitStreams } from './streams';
import { createBybitTrade } from './trade';
import { createBybitWsTrade, type BybitWsTrade } from './ws-trade';

export type BybitExchangeOptions = BybitRestOptions & ExchangeSocketOptions;

/** One Bybit account: REST, sockets signed with the server-corrected clock, and trading over both. */
export function createBybitExchange(options: BybitExchangeOptions): Exchange {
  const client = createBybitRestClient(options);
  const api = createBybitApi(client);
  const instruments = createBybitInstruments(api);
  const rest = bybitExchangeRest({ client, api, instruments });
  const recvWindow = options.recvWindowMs === undefined ? {} : { recvWindowMs: options.recvWindowMs };
  return assembleExchange<BybitSocketKey, BybitWsTrade>({
    id: 'bybit',
    rest,
    options,
    createGroup: (listener) =>
      createBybitStreams({ ...options, ...listener, clock: client.serverClock, hosts: options }),
    translate: (request) => bybitStreamTopic(request, instruments),
    // Demo trading has no trade stream (docs/protocol.md "Bybit order entry on demo"): it trades over REST. The trade
    // stream's timestamp header must be server time, like REST signatures.
    createWsTrade:
      options.environment === 'demo'
        ? undefined
        : (streams, timeout) =>
            createBybitWsTrade({
              streams,
              timers: options.timers,
              clock: client.serverClock,
              ...recvWindow,
              ...timeout,
            }),
    createTrade: (ws, newClientOrderId) => createBybitTrade({ api, rest, instruments, ws, newClientOrderId }),
    protection: createBybitProtection({ api, instruments }),
  });
}

import { assembleExchange, type ExchangeSocketOptions } from '../exchange-assembly';
import type { Exchange } from '../exchange-types';
import type { OkxSocketKey } from './hosts';
import { createOkxInstruments } from './instruments';
import { withPositionSizesInCoin } from './position-push-sizes';
import { createOkxProtection } from './protection';
import { createOkxRestClient, type OkxRestOptions } from './rest';
import { createOkxApi } from './rest-api';
import { okxExchangeRest } from './rest-exchange';
import { okxStreamTopic } from './stream-requests';
import { createOkxStreams } from './streams';
import { createOkxTrade } from './trade';
import { createOkxWsTrade, type OkxWsTrade } from './ws-trade';

export type OkxExchangeOptions = OkxRestOptions & ExchangeSocketOptions;

/** One OKX account: REST, sockets signed with the server-corrected clock, and trading over both. */
export function createOkxExchange(options: OkxExchangeOptions): Exchange {
  const client = createOkxRestClient(options);
  const api = createOkxApi(client);
  const instruments = createOkxInstruments(api);
  const rest = okxExchangeRest({ client, api, instruments });
  return assembleExchange<OkxSocketKey, OkxWsTrade>({
    id: 'okx',
    rest,
    options,
    createGroup: (listener) =>
      createOkxStreams({
        ...options,
        clock: client.serverClock,
        hosts: options,
        onStreamEvent: withPositionSizesInCoin(listener.onStreamEvent, instruments),
        onSocketEvent: listener.onSocketEvent,
      }),
    translate: okxStreamTopic,
    createWsTrade: (streams, timeout) => createOkxWsTrade({ streams, timers: options.timers, ...timeout }),
    createTrade: (ws, newClientOrderId) => createOkxTrade({ api, rest, ws, newClientOrderId }),
    protection: createOkxProtection(api),
  });
}

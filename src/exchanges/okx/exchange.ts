import { createClientOrderIds } from '../client-order-id';
import type { DoorSocketOptions } from '../exchange-options';
import type { Exchange } from '../exchange-types';
import { createStreamHub } from '../stream-hub';
import { hasKeyAndSecret } from '../transport/socket-parse';
import type { OkxSocketKey } from './hosts';
import { createOkxInstruments } from './instruments';
import { createOkxRestClient, type OkxRestOptions } from './rest';
import { createOkxApi } from './rest-api';
import { okxExchangeRest } from './rest-exchange';
import { okxStreamTopic } from './stream-requests';
import { createOkxStreams } from './streams';
import { createOkxTrade } from './trade';
import { createOkxWsTrade } from './ws-trade';

export type OkxExchangeOptions = OkxRestOptions & DoorSocketOptions;

/** One OKX account: REST, sockets signed with the server-corrected clock, and trading over both. */
export function createOkxDoor(options: OkxExchangeOptions): Exchange {
  const client = createOkxRestClient(options);
  const api = createOkxApi(client);
  const instruments = createOkxInstruments(api);
  const rest = okxExchangeRest({ client, api, instruments });
  const { streams, group } = createStreamHub<OkxSocketKey>({
    createGroup: (onEvent) =>
      createOkxStreams({ ...options, clock: client.serverClock, hosts: options, onEvent }),
    translate: okxStreamTopic,
    clock: options.clock,
    timers: options.timers,
    ...(options.dataAgeIntervalMs === undefined ? {} : { dataAgeIntervalMs: options.dataAgeIntervalMs }),
  });
  const ws = hasKeyAndSecret(options.credentials)
    ? createOkxWsTrade({
        streams: group,
        timers: options.timers,
        ...(options.tradeTimeoutMs === undefined ? {} : { timeoutMs: options.tradeTimeoutMs }),
      })
    : undefined;
  const trade = createOkxTrade({ api, rest, ws, newClientOrderId: createClientOrderIds(options.clock) });
  return {
    id: 'okx',
    rest,
    streams,
    trade,
    close: () => {
      ws?.dispose();
      group.close();
    },
  };
}

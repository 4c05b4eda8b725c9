import { createClientOrderIds } from '../client-order-id';
import type { DoorSocketOptions } from '../exchange-options';
import type { Exchange } from '../exchange-types';
import { createStreamHub } from '../stream-hub';
import { hasKeyAndSecret } from '../transport/socket-parse';
import type { BybitSocketKey } from './hosts';
import { createBybitInstruments } from './instruments';
import { createBybitRestClient, type BybitRestOptions } from './rest';
import { createBybitApi } from './rest-api';
import { bybitExchangeRest } from './rest-exchange';
import { bybitStreamTopic } from './stream-requests';
import { createBybitStreams } from './streams';
import { createBybitTrade } from './trade';
import { createBybitWsTrade } from './ws-trade';

export type BybitExchangeOptions = BybitRestOptions & DoorSocketOptions;

/** One Bybit account: REST, sockets signed with the server-corrected clock, and trading over both. */
export function createBybitDoor(options: BybitExchangeOptions): Exchange {
  const client = createBybitRestClient(options);
  const api = createBybitApi(client);
  const instruments = createBybitInstruments(api);
  const rest = bybitExchangeRest({ client, api, instruments });
  const { streams, group } = createStreamHub<BybitSocketKey>({
    createGroup: (onEvent) =>
      createBybitStreams({ ...options, clock: client.serverClock, hosts: options, onEvent }),
    translate: (request) => bybitStreamTopic(request, instruments),
    clock: options.clock,
    timers: options.timers,
    ...(options.dataAgeIntervalMs === undefined ? {} : { dataAgeIntervalMs: options.dataAgeIntervalMs }),
  });
  const ws = hasKeyAndSecret(options.credentials)
    ? createBybitWsTrade({
        streams: group,
        timers: options.timers,
        clock: client.serverClock,
        ...(options.recvWindowMs === undefined ? {} : { recvWindowMs: options.recvWindowMs }),
        ...(options.tradeTimeoutMs === undefined ? {} : { timeoutMs: options.tradeTimeoutMs }),
      })
    : undefined;
  const trade = createBybitTrade({
    api,
    rest,
    instruments,
    ws,
    newClientOrderId: createClientOrderIds(options.clock),
  });
  return {
    id: 'bybit',
    rest,
    streams,
    trade,
    close: () => {
      ws?.dispose();
      group.close();
    },
  };
}

import type { FrameSink } from './frame-sink';
import { loadSdk, silentLogger } from './peers';
import type { BenchExchange } from './stream-spec';

/** The SDK's name of the public socket that carries these instruments. */
export const SDK_WS_KEY: Readonly<Record<BenchExchange, string>> = {
  okx: 'prodPublic',
  bybit: 'v5LinearPublic',
};

/**
 * okx-api / bybit-api: each frame goes to the WebsocketClient's raw message handler, as its socket's
 * onmessage would hand it (JSON.parse, sorting into event types, one 'update' event per push). They
 * keep no book and merge no ticker delta: the update event carries the parsed frame.
 */
export async function createSdkSink(exchange: BenchExchange): Promise<FrameSink> {
  const { WebsocketClient } = await loadSdk(exchange);
  const client = new WebsocketClient({}, silentLogger);
  let delivered = 0;
  client.on('update', () => {
    delivered++;
  });
  const wsKey = SDK_WS_KEY[exchange];
  const socket = {};
  return {
    push: (text) => {
      client.onWsMessage({ type: 'message', data: text }, wsKey, socket);
    },
    delivered: () => delivered,
    bestBid: () => undefined,
  };
}

import { createClientOrderIds } from './client-order-id';
import type {
  Exchange,
  ExchangeProtection,
  ExchangeRest,
  ExchangeTrade,
  StreamRequest,
} from './exchange-types';
import type { ExchangeId } from './model';
import { createStreamRouter, type StreamTopic } from './stream-router';
import type { GroupListener, SocketGroup, StreamGroupOptions } from './transport/socket-group';
import type { Clock, Timers } from './transport/timers';

/** What every Exchange takes besides its REST options (hosts, credentials, fetch, clock, timers). */
export interface ExchangeSocketOptions {
  readonly createSocket: StreamGroupOptions<string>['createSocket'];
  readonly timings?: StreamGroupOptions<string>['timings'];
  readonly random?: StreamGroupOptions<string>['random'];
  /** Levels per side each book event carries (default 25). */
  readonly bookEventDepth?: number;
  /** How long one WS trade request waits for its reply before it fails. */
  readonly tradeTimeoutMs?: number;
  /** How often data-age events go out (default 1000 ms). */
  readonly dataAgeIntervalMs?: number;
}

/** The exchange-specific pieces one Exchange is assembled from. */
export interface ExchangeParts<Key extends string, WsTrade extends { dispose(): void }> {
  readonly id: ExchangeId;
  readonly rest: ExchangeRest;
  readonly options: ExchangeSocketOptions & {
    readonly clock: Clock;
    readonly timers: Timers;
    readonly credentials?: { readonly apiKey?: string | undefined; readonly secret?: string | undefined };
  };
  createGroup(listener: GroupListener<Key>): SocketGroup<Key>;
  translate(request: StreamRequest): StreamTopic<Key> | Promise<StreamTopic<Key>>;
  /**
   * Trading over the socket group; made only for an account with keys, and absent where the
   * environment has no trade socket (Bybit demo), so orders go over REST.
   */
  readonly createWsTrade:
    ((group: SocketGroup<Key>, timeout: { readonly timeoutMs?: number }) => WsTrade) | undefined;
  createTrade(ws: WsTrade | undefined, newClientOrderId: () => string): ExchangeTrade;
  /** Stops, targets and trailing stops: REST only on both exchanges (their trade sockets take plain orders). */
  readonly protection: ExchangeProtection;
}

/**
 * One account's Exchange: the stream router over the exchange's sockets, and trading over its trade socket
 * (logged in at once when there are keys) with REST behind it.
 */
export function assembleExchange<Key extends string, WsTrade extends { dispose(): void }>(
  parts: ExchangeParts<Key, WsTrade>,
): Exchange {
  const { options } = parts;
  const { streams, group } = createStreamRouter<Key>({
    createGroup: (listener) => parts.createGroup(listener),
    translate: (request) => parts.translate(request),
    clock: options.clock,
    timers: options.timers,
    ...(options.dataAgeIntervalMs === undefined ? {} : { dataAgeIntervalMs: options.dataAgeIntervalMs }),
  });
  const timeout = options.tradeTimeoutMs === undefined ? {} : { timeoutMs: options.tradeTimeoutMs };
  const { credentials } = options;
  const hasKeys = (credentials?.apiKey ?? '') !== '' && (credentials?.secret ?? '') !== '';
  const ws = hasKeys ? parts.createWsTrade?.(group, timeout) : undefined;
  const trade = parts.createTrade(ws, createClientOrderIds(options.clock));
  return {
    id: parts.id,
    rest: parts.rest,
    streams,
    trade,
    protection: parts.protection,
    close: () => {
      ws?.dispose();
      group.close();
    },
    reconnectNow: () => {
      group.reconnectNow();
    },
  };
}

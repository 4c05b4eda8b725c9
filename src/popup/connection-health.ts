import type { ConnectionStatus, PortAccount } from '../contracts/ports';
import type { ExchangeId } from '../contracts/vocabulary';

type Connections = Readonly<Partial<Record<ExchangeId, ConnectionStatus>>>;

/** An exchange's prices may be out of date: its stream is stale or down, or nothing came yet. */
export function quotesStale(connections: Connections, exchange: ExchangeId): boolean {
  const connection = connections[exchange];
  return connection !== undefined && (connection.stale || connection.state === 'down');
}

/**
 * An exchange's positions may be out of date: its prices are, its account sockets are down (a refused or
 * revoked key), or they are the restored snapshot.
 */
export function accountStale(connections: Connections, account: PortAccount, exchange: ExchangeId): boolean {
  const freshness = account.freshness?.find((item) => item.exchange === exchange);
  return (
    quotesStale(connections, exchange) ||
    connections[exchange]?.account === 'down' ||
    freshness?.stale === true ||
    freshness?.restored === true
  );
}

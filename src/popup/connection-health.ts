import type { FeedStatus, PortAccount } from '../contracts/ports';

type ExchangeId = FeedStatus['exchange'];
type Feeds = Readonly<Partial<Record<ExchangeId, FeedStatus>>>;

/** An exchange's prices may be out of date: its stream is stale or down, or nothing came yet. */
export function quotesStale(feeds: Feeds, exchange: ExchangeId): boolean {
  const feed = feeds[exchange];
  return feed !== undefined && (feed.stale || feed.state === 'down');
}

/**
 * An exchange's positions may be out of date: its prices are, its account sockets are down (a refused or
 * revoked key), or they are the restored snapshot.
 */
export function accountStale(feeds: Feeds, account: PortAccount, exchange: ExchangeId): boolean {
  const freshness = account.freshness?.find((item) => item.exchange === exchange);
  return (
    quotesStale(feeds, exchange) ||
    feeds[exchange]?.account === 'down' ||
    freshness?.stale === true ||
    freshness?.restored === true
  );
}

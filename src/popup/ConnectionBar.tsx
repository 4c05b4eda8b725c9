import { useStore } from 'zustand';
import type { MarketEndpoint } from '../contracts';
import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';
import { EXCHANGE_IDS, EXCHANGE_NAMES } from '../contracts/vocabulary';
import { describeFeed } from '../ui/feed-label';
import { StatusDot } from '../ui/StatusDot';
import type { PopupStore } from './store';

function describeEndpoint(endpoint: MarketEndpoint): string {
  return WITH_DEVELOPMENT_PATHS && endpoint.environment === 'simulator'
    ? `Market: local simulator (${new URL(endpoint.restUrl).host})`
    : 'Market: live exchanges';
}

function ExchangeStatus({ store, exchange }: { store: PopupStore; exchange: (typeof EXCHANGE_IDS)[number] }) {
  const feed = useStore(store, (state) => state.feeds[exchange]);
  const loadProblem = useStore(store, (state) => state.problems[exchange]);
  const { tone, text } = describeFeed(feed);
  // The background's own sentence for an exchange it cannot reach says it best, until the feed is live.
  const problem = tone === 'live' ? feed?.lastError : (loadProblem ?? feed?.lastError);
  return (
    <li className="perch-feed" data-exchange={exchange} data-tone={tone}>
      <span className="perch-exchange">{EXCHANGE_NAMES[exchange]}</span>
      <StatusDot tone={tone} label={text} />
      {problem === undefined ? null : <span className="perch-problem">{problem}</span>}
    </li>
  );
}

/** Where the data comes from, and how each exchange's stream is doing right now. */
export function ConnectionBar({ store }: { store: PopupStore }) {
  const endpoint = useStore(store, (state) => state.endpoint);
  return (
    <section className="perch-connection" aria-label="Connection">
      {endpoint === undefined ? null : (
        <p className="perch-market perch-muted">{describeEndpoint(endpoint)}</p>
      )}
      <ul className="perch-feeds">
        {EXCHANGE_IDS.map((exchange) => (
          <ExchangeStatus key={exchange} store={store} exchange={exchange} />
        ))}
      </ul>
    </section>
  );
}

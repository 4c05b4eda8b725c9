import { useStore } from 'zustand';
import type { MarketEndpoint } from '../contracts';
import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';
import { EXCHANGE_IDS, EXCHANGE_NAMES } from '../contracts/vocabulary';
import { describeConnection } from '../ui/connection-label';
import { StatusDot } from '../ui/StatusDot';
import type { PopupStore } from './store';

function describeEndpoint(endpoint: MarketEndpoint): string {
  return WITH_DEVELOPMENT_PATHS && endpoint.environment === 'simulator'
    ? `Market: local simulator (${new URL(endpoint.restUrl).host})`
    : 'Market: live exchanges';
}

function ExchangeStatus({ store, exchange }: { store: PopupStore; exchange: (typeof EXCHANGE_IDS)[number] }) {
  const connection = useStore(store, (state) => state.connections[exchange]);
  const loadProblem = useStore(store, (state) => state.problems[exchange]);
  const { tone, text } = describeConnection(connection);
  // The background's own sentence for an exchange it cannot reach says it best, until the connection is live.
  const problem = tone === 'live' ? connection?.lastError : (loadProblem ?? connection?.lastError);
  return (
    <li className="perch-connection" data-exchange={exchange} data-tone={tone}>
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
    <section className="perch-connection-bar" aria-label="Connection">
      {endpoint === undefined ? null : (
        <p className="perch-market perch-muted">{describeEndpoint(endpoint)}</p>
      )}
      <ul className="perch-connections">
        {EXCHANGE_IDS.map((exchange) => (
          <ExchangeStatus key={exchange} store={store} exchange={exchange} />
        ))}
      </ul>
    </section>
  );
}

import { useStore } from 'zustand';
import type { MarketEndpoint } from '../contracts';
import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';
import { EXCHANGE_IDS, EXCHANGE_NAMES } from '../contracts/exchange-names';
import { describeConnection, type ConnectionTone } from '../ui/connection-label';
import { connectionProblemWords } from '../ui/connection-problem';
import { StatusPill, type PillTone } from '../ui/StatusPill';
import type { PopupStore } from './store';

const PILL_TONE: Readonly<Record<ConnectionTone, PillTone>> = {
  live: 'live',
  stale: 'stale',
  down: 'down',
  connecting: 'neutral',
  idle: 'neutral',
};

/** "Simulator" (its address on hover) or "Live exchanges": never a bare address and port. */
function MarketPill({ endpoint }: { endpoint: MarketEndpoint }) {
  const simulator = WITH_DEVELOPMENT_PATHS && endpoint.environment === 'simulator';
  return (
    <span className="perch-market" data-field="market">
      <StatusPill
        tone="neutral"
        title={simulator ? `Local simulator at ${new URL(endpoint.restUrl).host}` : 'OKX and Bybit, live'}
      >
        {simulator ? 'Simulator' : 'Live exchanges'}
      </StatusPill>
    </span>
  );
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
      <span data-field="state">
        <StatusPill tone={PILL_TONE[tone]}>{text}</StatusPill>
      </span>
      {problem === undefined ? null : (
        <span className="perch-problem" data-field="problem" title={problem}>
          {connectionProblemWords(exchange, problem)}
        </span>
      )}
    </li>
  );
}

/** Where the data comes from, and how each exchange's stream is doing right now. */
export function ConnectionBar({ store }: { store: PopupStore }) {
  const endpoint = useStore(store, (state) => state.endpoint);
  return (
    <section className="perch-connection-bar" aria-label="Connection">
      <ul className="perch-connections">
        {EXCHANGE_IDS.map((exchange) => (
          <ExchangeStatus key={exchange} store={store} exchange={exchange} />
        ))}
      </ul>
      {endpoint === undefined ? null : <MarketPill endpoint={endpoint} />}
    </section>
  );
}

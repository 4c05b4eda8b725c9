import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import type { ExchangeStatus, MarketEndpoint } from '../contracts';
import { formatPrice } from '../ui/format-price';
import type { MarketView } from './store';

function describeEndpoint(endpoint: MarketEndpoint): string {
  return endpoint.environment === 'simulator'
    ? `Market: local simulator (${new URL(endpoint.restUrl).host})`
    : 'Market: live exchanges';
}

function ExchangeRow({ status }: { status: ExchangeStatus }) {
  return (
    <li className="perch-quote" data-exchange={status.exchange}>
      <span>{EXCHANGE_NAMES[status.exchange]}</span>
      <span className="perch-muted">{status.symbol}</span>
      {status.lastPrice === undefined ? (
        <span className="perch-problem">{status.problem ?? 'No price yet.'}</span>
      ) : (
        <strong className="perch-price">{formatPrice(status.lastPrice)}</strong>
      )}
    </li>
  );
}

export function MarketPanel({ market }: { market: MarketView }) {
  if (market.kind === 'checking') return <p className="perch-muted">Asking the exchanges…</p>;
  if (market.kind === 'unreachable')
    return <p className="perch-problem">Market status unavailable: {market.reason}</p>;
  return (
    <section aria-label="Market">
      <p className="perch-muted">{describeEndpoint(market.endpoint)}</p>
      <ul className="perch-quotes">
        {market.exchanges.map((status) => (
          <ExchangeRow key={status.exchange} status={status} />
        ))}
      </ul>
    </section>
  );
}

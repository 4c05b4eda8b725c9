import type { ExchangeStatus, MarketEndpoint } from '../../contracts';
import { isErrorNamed, type ExchangeId, type ExchangeRest, type InstrumentRef } from '../../exchanges';
import type { MessageHandlers } from '../../platform/message-dispatch';

/** The instrument each exchange is probed with: the most traded perpetual. */
const PROBE = {
  okx: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
  bybit: { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
} as const satisfies Record<ExchangeId, InstrumentRef>;

const EXCHANGE_NAMES: Record<ExchangeId, string> = { okx: 'OKX', bybit: 'Bybit' };

export interface MarketStatusDeps {
  readonly readEndpoint: () => Promise<MarketEndpoint>;
  readonly createClients: (endpoint: MarketEndpoint) => Record<ExchangeId, ExchangeRest>;
}

function whyUnreachable(endpoint: MarketEndpoint): string {
  return endpoint.environment === 'simulator'
    ? `nothing answers at ${new URL(endpoint.restUrl).host} (is the simulator running?)`
    : 'no connection to its servers';
}

/** A connection failure says where Perch looked; anything else keeps the exchange's own words. */
function explain(error: unknown, exchange: ExchangeId, endpoint: MarketEndpoint): string {
  if (isErrorNamed(error, 'NetworkError'))
    return `Cannot reach ${EXCHANGE_NAMES[exchange]}: ${whyUnreachable(endpoint)}.`;
  return error instanceof Error ? error.message : String(error);
}

async function probe(
  exchange: ExchangeId,
  client: ExchangeRest,
  endpoint: MarketEndpoint,
): Promise<ExchangeStatus> {
  const { symbol } = PROBE[exchange];
  try {
    // One public request per exchange: the popup may ask often, and OKX allows few clock samples (§5.2).
    const quote = await client.getQuote(PROBE[exchange]);
    return quote?.last === undefined
      ? { exchange, symbol, problem: `No price for ${symbol}.` }
      : { exchange, symbol, lastPrice: quote.last };
  } catch (error) {
    return { exchange, symbol, problem: explain(error, exchange, endpoint) };
  }
}

export function createMarketStatusHandler(deps: MarketStatusDeps): MessageHandlers['marketStatus'] {
  return async () => {
    const endpoint = await deps.readEndpoint();
    const clients = deps.createClients(endpoint);
    const exchanges = await Promise.all([
      probe('okx', clients.okx, endpoint),
      probe('bybit', clients.bybit, endpoint),
    ]);
    return { endpoint, exchanges };
  };
}

import type { ExchangeStatus, MarketEndpoint } from '../../contracts';
import type { ExchangeId, ExchangeRest } from '../../exchanges';
import type { MessageHandlers } from '../../platform/message-dispatch';

/** The instrument each exchange is probed with: the most traded perpetual. */
const PROBE = {
  okx: { category: 'SWAP', symbol: 'BTC-USDT-SWAP' },
  bybit: { category: 'linear', symbol: 'BTCUSDT' },
} as const satisfies Record<ExchangeId, { category: string; symbol: string }>;

export interface MarketStatusDeps {
  readonly readEndpoint: () => Promise<MarketEndpoint>;
  readonly createClients: (endpoint: MarketEndpoint) => Record<ExchangeId, ExchangeRest>;
}

async function probe(exchange: ExchangeId, client: ExchangeRest): Promise<ExchangeStatus> {
  const { symbol } = PROBE[exchange];
  try {
    const [clockOffsetMs, quote] = await Promise.all([client.syncClock(), client.getQuote(PROBE[exchange])]);
    return quote?.last === undefined
      ? { exchange, symbol, clockOffsetMs, problem: `No price for ${symbol}.` }
      : { exchange, symbol, clockOffsetMs, lastPrice: quote.last };
  } catch (error) {
    return { exchange, symbol, problem: error instanceof Error ? error.message : String(error) };
  }
}

export function createMarketStatusHandler(deps: MarketStatusDeps): MessageHandlers['marketStatus'] {
  return async () => {
    const endpoint = await deps.readEndpoint();
    const clients = deps.createClients(endpoint);
    const exchanges = await Promise.all([probe('okx', clients.okx), probe('bybit', clients.bybit)]);
    return { endpoint, exchanges };
  };
}

import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import type { ExchangeStatus, MarketEndpoint } from '../../contracts';
import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';
import {
  HEADLINE_INSTRUMENTS,
  type ConnectionStatus,
  type HubPortMessage,
  type PortQuote,
} from '../../contracts/ports';
import type { ExchangeId, Timers } from '../../exchanges';
import type { MessageHandlers } from '../../platform/message-dispatch';
import type { Hub } from '../hub/hub';

const [OKX_HEADLINE, BYBIT_HEADLINE] = HEADLINE_INSTRUMENTS;
const PROBE = { okx: OKX_HEADLINE, bybit: BYBIT_HEADLINE } as const;

/** How long a first price may take on a fresh socket before the answer goes out without it. */
export const FIRST_PRICE_WAIT_MS = 5_000;

export interface MarketStatusDeps {
  readonly readEndpoint: () => Promise<MarketEndpoint>;
  readonly hub: Pick<Hub, 'connect'>;
  readonly timers: Timers;
}

function whyUnreachable(endpoint: MarketEndpoint): string {
  return WITH_DEVELOPMENT_PATHS && endpoint.environment === 'simulator'
    ? `nothing answers at ${new URL(endpoint.restUrl).host} (is the simulator running?)`
    : 'no connection to its servers';
}

function describe(
  exchange: ExchangeId,
  quote: PortQuote | undefined,
  status: ConnectionStatus | undefined,
  endpoint: MarketEndpoint,
): ExchangeStatus {
  const { symbol } = PROBE[exchange];
  if (quote?.last !== undefined) return { exchange, symbol, lastPrice: quote.last };
  if (status?.state === 'down') {
    return {
      exchange,
      symbol,
      problem: `Cannot reach ${EXCHANGE_NAMES[exchange]}: ${whyUnreachable(endpoint)}.`,
    };
  }
  return { exchange, symbol, problem: status?.lastError ?? `No price for ${symbol} yet.` };
}

/**
 * The hub's view of each exchange's BTC perpetual: its latest streamed price, or why there is none. Asks the
 * hub for the quotes like a page would, and answers once both have a price or a verdict (or time is up).
 */
export function createMarketStatusHandler(deps: MarketStatusDeps): MessageHandlers['marketStatus'] {
  return async () => {
    const endpoint = await deps.readEndpoint();
    const quotes = new Map<ExchangeId, PortQuote>();
    const statuses = new Map<ExchangeId, ConnectionStatus>();
    const settled = () =>
      EXCHANGE_IDS.every((id) => quotes.get(id)?.last !== undefined || statuses.get(id)?.state === 'down');
    await new Promise<void>((resolve) => {
      const timer = deps.timers.setTimeout(finish, FIRST_PRICE_WAIT_MS);
      const port = deps.hub.connect((message: HubPortMessage) => {
        if (message.type === 'error') return;
        for (const quote of message.quotes) quotes.set(quote.exchange, quote);
        for (const status of message.status) statuses.set(status.exchange, status);
        if (settled()) finish();
      });
      function finish(): void {
        deps.timers.clearTimeout(timer);
        port.disconnect();
        resolve();
      }
      port.want(HEADLINE_INSTRUMENTS);
    });
    return {
      endpoint,
      exchanges: EXCHANGE_IDS.map((id) => describe(id, quotes.get(id), statuses.get(id), endpoint)),
    };
  };
}

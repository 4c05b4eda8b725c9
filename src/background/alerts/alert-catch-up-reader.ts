import type { Alert } from '../../contracts/alerts';
import type { PriceCatchUp } from './alert-engine';
import type { Exchange, ExchangeId } from '../../exchanges';
import type { ExchangeRegistry } from '../services';
import type { AlertInput } from './alert-inputs';
import { candleInputs, closedInputs, fillInputs } from './catch-up';

/** The alert kinds that watch the account (its orders, positions, balances) rather than a price. */
const ACCOUNT_KINDS: ReadonlySet<Alert['condition']['kind']> = new Set([
  'liquidation',
  'margin',
  'fill',
  'stop',
  'closed',
  'funding',
]);

export const watchesAccount = (alert: Alert): boolean =>
  !alert.paused && ACCOUNT_KINDS.has(alert.condition.kind);

const MINUTE_MS = 60_000;

export interface CatchUpDeps {
  readonly registry: ExchangeRegistry;
  readonly hasCredentials: (exchange: ExchangeId) => Promise<boolean>;
  readonly logger: Pick<Console, 'warn'>;
}

async function pricesSince(from: Exchange, watch: PriceCatchUp): Promise<AlertInput[]> {
  const { kind, symbol } = watch.instrument;
  const candles = await from.rest.getCandles(
    { kind, symbol },
    '1m',
    { since: Math.floor(watch.since / MINUTE_MS) * MINUTE_MS },
    watch.mark ? 'mark' : 'last',
  );
  return candleInputs(watch.instrument, candles, watch.mark, watch.since);
}

async function accountSince(from: Exchange, since: number): Promise<AlertInput[]> {
  const [closed, fills, open] = await Promise.all([
    from.rest.getClosedPositions(since),
    from.rest.getFills(since),
    from.rest.getOpenOrders(),
  ]);
  return [...closedInputs(closed), ...fillInputs(fills, new Set(open.map((order) => order.orderId)))];
}

const timeOf = (input: AlertInput): number => (input.type === 'candle' ? input.start : input.ts);

/**
 * What happened while no worker watched, read over REST when a new one starts (after a stop or a browser
 * restart): the minute candles of every watched price since the last one the rules saw, and the account's
 * closes and fills since `since` (until when the last worker watched),
 * oldest first. An exchange that cannot be read is skipped with a warning: its alerts catch up next time
 * nothing, and the live streams carry on.
 */
export async function readWhatHappenedSince(
  deps: CatchUpDeps,
  prices: readonly PriceCatchUp[],
  alerts: readonly Alert[],
  since: number,
): Promise<AlertInput[]> {
  const account = alerts.filter(watchesAccount);
  const reads: Promise<AlertInput[]>[] = [];
  for (const watch of prices)
    reads.push(
      deps.registry
        .exchange(watch.instrument.exchange)
        .then((from) => (from ? pricesSince(from, watch) : [])),
    );
  const exchanges = new Set(
    account.flatMap((alert) => ('scope' in alert.condition ? alert.condition.scope.exchanges : [])),
  );
  for (const id of exchanges)
    reads.push(
      (async () => {
        const from = await deps.registry.exchange(id);
        return from !== undefined && (await deps.hasCredentials(id)) ? accountSince(from, since) : [];
      })(),
    );
  const settled = await Promise.allSettled(reads);
  const inputs = settled.flatMap((result) => {
    if (result.status === 'fulfilled') return result.value;
    deps.logger.warn('Perch could not read what happened while it was not running:', String(result.reason));
    return [];
  });
  return inputs.sort((a, b) => timeOf(a) - timeOf(b));
}

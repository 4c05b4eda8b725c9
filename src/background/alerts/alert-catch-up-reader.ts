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

/** The exchanges whose account some active alert watches. */
export function watchedAccounts(alerts: readonly Alert[]): ExchangeId[] {
  const scopes = alerts
    .filter(watchesAccount)
    .flatMap(({ condition }) => ('scope' in condition ? [condition.scope] : []));
  return [...new Set(scopes.flatMap((scope) => scope.exchanges))];
}

/** One exchange account to read, from when its last watch ended. */
export interface AccountCatchUp {
  readonly exchange: ExchangeId;
  readonly since: number;
}

/**
 * What happened while no worker watched, read over REST: the minute candles of every watched price since
 * the last one the rules saw, and each account's closes and fills since its watch ended (a worker stopped,
 * or the keys locked), oldest first. What cannot be read is skipped with a warning: the live streams carry
 * on, and those alerts miss only what that read would have told.
 */
export async function readWhatHappenedSince(
  deps: CatchUpDeps,
  prices: readonly PriceCatchUp[],
  accounts: readonly AccountCatchUp[],
): Promise<AlertInput[]> {
  const reads: Promise<AlertInput[]>[] = [
    ...prices.map(async (watch) => {
      const from = await deps.registry.exchange(watch.instrument.exchange);
      return from === undefined ? [] : pricesSince(from, watch);
    }),
    ...accounts.map(async ({ exchange, since }) => {
      const from = await deps.registry.exchange(exchange);
      return from === undefined ? [] : accountSince(from, since);
    }),
  ];
  const settled = await Promise.allSettled(reads);
  const inputs = settled.flatMap((result) => {
    if (result.status === 'fulfilled') return result.value;
    deps.logger.warn('Perch could not read what happened while it was not watching:', String(result.reason));
    return [];
  });
  return inputs.sort((a, b) => timeOf(a) - timeOf(b));
}

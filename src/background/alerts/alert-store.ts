import type { Alert, FiredAlert } from '../../contracts/alerts';
import type { ExchangeId } from '../../exchanges';
import { trustedStorage } from '../../platform/trusted-storage';

/**
 * The alerts, what fired, and what the rules remember, in the trusted store: they must outlive the worker
 * and a browser restart (a page cannot read them), and each is read back through the contracts' schemas.
 */
export const alertsItem = trustedStorage.defineItem<Alert[]>('alerts', { version: 1, fallback: [] });

/** The last fired alerts, newest first (ALERT_HISTORY_SIZE at most). */
export const alertHistoryItem = trustedStorage.defineItem<FiredAlert[]>('alertHistory', {
  version: 1,
  fallback: [],
});

/**
 * What the worker needs after a stop to neither miss nor repeat an alert: the rules' memory (last prices
 * and when, fired ids), until when it was watching (a new worker reads what happened since over REST),
 * and the firings stored with that memory but not yet shown.
 */
export interface AlertWatch {
  readonly memory: unknown;
  /** Per exchange: until when its account was watched with its keys unlocked. */
  readonly watchedUntil: Partial<Record<ExchangeId, number>>;
  /** What fired and is not yet in the history and shown: a worker stopped meanwhile leaves it here. */
  readonly unshown?: readonly FiredAlert[];
}

export const alertWatchItem = trustedStorage.defineItem<AlertWatch | null>('alertWatch', {
  version: 1,
  fallback: null,
});

import type { TimerHandle, Timers } from '../../exchanges';
import { storage } from '../../platform/storage';
import type { Portfolio, PortfolioChanges } from './portfolio-state';
import type { PortfolioRecord } from './portfolio-record';

/** Where the portfolio's snapshot lives between worker restarts. */
export interface SnapshotStore {
  load(): Promise<PortfolioRecord | null>;
  save(record: PortfolioRecord): Promise<void>;
}

/**
 * storage.session: in memory for the browser session only, and (by default) out of content scripts'
 * reach, so a worker restart finds the last state and a browser restart starts empty.
 */
export const portfolioSnapshotItem = storage.defineItem<PortfolioRecord | null>('session:portfolioSnapshot', {
  version: 1,
  fallback: null,
});

export const sessionSnapshotStore: SnapshotStore = {
  load: () => portfolioSnapshotItem.getValue(),
  save: (record) => portfolioSnapshotItem.setValue(record),
};

/** Quotes move a few times a second; kept quotes are only for repainting after a restart. */
export const SNAPSHOT_INTERVAL_MS = 2_000;

/**
 * A change to what the trader holds (a position opened, changed or closed, a balance, an order, a fresh
 * listing from the exchange), as opposed to a quote moving or a position's PnL following the mark.
 */
function accountChanged(changes: PortfolioChanges): boolean {
  return (
    changes.balances.length > 0 ||
    changes.orders.length > 0 ||
    // A mark move re-prices the positions on its instrument and comes with the quote; a position push
    // or a listing comes alone.
    (changes.positions.length > 0 && changes.quotes.length === 0)
  );
}

/**
 * Writes the portfolio to `store`: at once after a change to the account, since a worker may be stopped
 * any second and a kept snapshot that still lists a position closed since would show it again; at most
 * once per `intervalMs` for quotes, the first change after a write starting the wait and the write
 * taking the state as it is then, so the last change always lands. Returns the function that stops it
 * (a pending write is dropped).
 */
export function startSnapshotWriter(deps: {
  readonly portfolio: Portfolio;
  readonly store: SnapshotStore;
  readonly timers: Timers;
  readonly intervalMs?: number;
}): () => void {
  const { portfolio, store, timers } = deps;
  let pending: { readonly handle: TimerHandle } | undefined;
  const write = () => {
    if (pending !== undefined) timers.clearTimeout(pending.handle);
    pending = undefined;
    store.save(portfolio.record()).catch((error: unknown) => {
      console.warn('Perch could not keep the portfolio for a worker restart:', error);
    });
  };
  const stop = portfolio.onChange((changes) => {
    if (accountChanged(changes)) write();
    else pending ??= { handle: timers.setTimeout(write, deps.intervalMs ?? SNAPSHOT_INTERVAL_MS) };
  });
  return () => {
    stop();
    if (pending !== undefined) timers.clearTimeout(pending.handle);
  };
}

/** Paints the snapshot a previous worker left, if any, marked restored until fresh data arrives. */
export async function restoreSnapshot(portfolio: Portfolio, store: SnapshotStore): Promise<void> {
  try {
    const record = await store.load();
    if (record !== null) portfolio.restore(record);
  } catch (error) {
    // Only the repaint is lost: live data fills the portfolio as it arrives.
    console.warn('Perch could not read the portfolio kept before the worker restarted:', error);
  }
}

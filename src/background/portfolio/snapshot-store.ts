import type { TimerHandle, Timers } from '../../exchanges';
import { storage } from '../../platform/storage';
import type { Portfolio } from './portfolio-state';
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

/** Pushes move a few times a second; the snapshot is only for repainting after a restart. */
export const SNAPSHOT_INTERVAL_MS = 2_000;

/**
 * Writes the portfolio to `store` at most once per `intervalMs`: the first change after a write starts
 * the wait and the write takes the state as it is then, so the last change always lands. Returns the
 * function that stops it (a pending write is dropped).
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
    pending = undefined;
    store.save(portfolio.record()).catch((error: unknown) => {
      console.warn('Perch could not keep the portfolio for a worker restart:', error);
    });
  };
  const stop = portfolio.onChange(() => {
    pending ??= { handle: timers.setTimeout(write, deps.intervalMs ?? SNAPSHOT_INTERVAL_MS) };
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

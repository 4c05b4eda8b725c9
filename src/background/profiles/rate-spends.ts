import * as z from 'zod/mini';
import type { ExchangeId, RateSpend } from '../../exchanges';
import { storage } from '../../platform/storage';

/** Where each exchange's REST limiter keeps what it spent, for the worker that follows. */
export interface RateSpendStore {
  load(): Promise<Partial<Record<ExchangeId, readonly RateSpend[]>>>;
  save(exchange: ExchangeId, spends: readonly RateSpend[]): Promise<void>;
}

type StoredSpends = Partial<Record<ExchangeId, RateSpend[]>>;

/**
 * In memory for the browser session: a worker restarted by Chrome, an update or a crash counts what
 * the last one sent in the exchange's current windows, so every tab reconnecting at once cannot fill a
 * window twice (docs/protocol.md "Rate limits"). A browser restart starts empty.
 */
export const rateSpendsItem = storage.defineItem<StoredSpends>('session:rateSpends', {
  version: 1,
  fallback: {},
});

const spendList = z.array(z.object({ key: z.string(), at: z.number(), cost: z.number() }));

/**
 * Writes are folded: one at a time, and a change while one is under way makes one more with the state
 * as it is then, so a burst of requests costs two writes, not one each.
 */
export function createSessionRateSpends(): RateSpendStore {
  const latest = new Map<ExchangeId, readonly RateSpend[]>();
  let writing: Promise<void> | undefined;
  /** Counts saves, so a write knows whether another came in while it was under way. */
  let saves = 0;

  async function write(): Promise<void> {
    try {
      for (;;) {
        const covered = saves;
        await rateSpendsItem.setValue(
          Object.fromEntries([...latest].map(([id, spends]) => [id, [...spends]])),
        );
        if (saves === covered) return;
      }
    } finally {
      // In the same turn as the last check: a save from here on starts a write of its own.
      writing = undefined;
    }
  }

  return {
    async load() {
      const stored = await rateSpendsItem.getValue();
      // Only what still parses: a bad entry must not stop the worker from starting.
      const read = (id: ExchangeId) => {
        const parsed = spendList.safeParse(stored[id]);
        return parsed.success ? parsed.data : [];
      };
      return { okx: read('okx'), bybit: read('bybit') };
    },
    save(exchange, spends) {
      latest.set(exchange, spends);
      saves += 1;
      writing ??= write();
      return writing;
    },
  };
}

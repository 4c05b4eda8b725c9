import type { FlattenView } from '../../contracts';
import { errorMessage } from '../../contracts/perch-error';
import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import type { ExchangeId } from '../../exchanges';
import { storage } from '../../platform/storage';
import { flattenExchange, type ExchangeBook, type FlattenDeps } from './flatten-exchange';
import type { FlattenExchangeRun, FlattenRun } from './flatten-plan';
import { flattenView } from './flatten-report';

/** Where the last run is kept between workers (storage.session: trusted contexts only, gone with the session). */
export interface FlattenRunItem {
  getValue(): Promise<FlattenRun | null>;
  setValue(run: FlattenRun | null): Promise<void>;
}

export const FLATTEN_RUN_ITEM: FlattenRunItem = storage.defineItem<FlattenRun | null>('session:flattenRun', {
  version: 1,
  fallback: null,
});

export interface FlattenService {
  /** Starts a run, or answers the one already going: never two at once. */
  start(): Promise<FlattenView>;
  /** The last run of this session, null when there was none. */
  status(): Promise<FlattenView | null>;
  /** Carries on a run an earlier worker left going (call at every worker start); resolves when it ends. */
  resume(): Promise<void>;
}

export interface FlattenServiceDeps extends FlattenDeps {
  readonly item: FlattenRunItem;
  /** A new run's id: letters and digits, short enough to carry a position's index in a client order id. */
  readonly newRunId: () => string;
}

/**
 * "Close everything" (docs/architecture.md "Flat in one move"): both exchanges at once, each in its own
 * steps (flatten-exchange.ts). Every change of the run is stored before the next step, so a worker that
 * stops mid-run resumes from what it stored and the close journal, never sending a close twice.
 */
export function createFlattenService(deps: FlattenServiceDeps): FlattenService {
  const { item, clock } = deps;
  let run: FlattenRun | null | undefined;
  let driving: Promise<void> | undefined;
  let writes: Promise<unknown> = Promise.resolve();

  const loaded = async (): Promise<FlattenRun | null> => {
    run ??= await item.getValue();
    return run;
  };
  const save = (next: FlattenRun): Promise<void> => {
    run = next;
    const write = writes.then(() => item.setValue(next));
    writes = write.catch(() => undefined);
    return write;
  };

  const bookOf = (exchange: ExchangeId): ExchangeBook => {
    const part = (): FlattenExchangeRun => {
      const found = run?.exchanges.find((one) => one.exchange === exchange);
      if (found === undefined) throw new Error(`No ${exchange} part in the run.`);
      return found;
    };
    return {
      current: part,
      update: async (change) => {
        if (run == null) return;
        const changed = change(part());
        await save({
          ...run,
          exchanges: run.exchanges.map((one) => (one.exchange === exchange ? changed : one)),
        });
      },
    };
  };

  const drivePart = async (runId: string, exchange: ExchangeId): Promise<void> => {
    const book = bookOf(exchange);
    try {
      await flattenExchange(deps, runId, book);
    } catch (error) {
      deps.logger.warn(`Close everything stopped on ${exchange}: ${errorMessage(error)}`);
      const problem = `Perch stopped part-way: ${errorMessage(error)} What is not marked closed or cancelled may still be open.`;
      await book.update((part) => ({ ...part, problem, step: 'done' }));
    }
  };

  const drive = (current: FlattenRun): Promise<void> => {
    driving ??= (async () => {
      await Promise.all(current.exchanges.map((part) => drivePart(current.runId, part.exchange)));
      if (run != null) await save({ ...run, phase: 'done' });
    })().finally(() => {
      driving = undefined;
    });
    return driving;
  };

  return {
    async start() {
      const last = await loaded();
      if (last?.phase === 'running') {
        void drive(last);
        return flattenView(last);
      }
      const fresh: FlattenRun = {
        runId: deps.newRunId(),
        startedAt: clock.now(),
        phase: 'running',
        exchanges: EXCHANGE_IDS.map((exchange) => ({ exchange, step: 'plan', positions: [], orders: [] })),
      };
      await save(fresh);
      void drive(fresh);
      return flattenView(fresh);
    },
    async status() {
      const last = await loaded();
      return last === null ? null : flattenView(last);
    },
    async resume() {
      const last = await loaded();
      if (last?.phase === 'running') await drive(last);
    },
  };
}

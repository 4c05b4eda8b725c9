import * as z from 'zod/mini';
import { alert, firedAlert, type Alert, type AlertDraft, type FiredAlert } from '../../contracts/alerts';
import { PerchError } from '../../contracts';
import type { Clock } from '../../exchanges';
import { createSerialQueue } from '../serial-queue';
import type { AlertBook } from './alert-book';

/** How many alerts a trader may keep: each price alert keeps a stream open. */
export const ALERTS_MAX = 50;

/** The storage the book reads and writes (the trusted store's items; plain values in tests). */
export interface AlertBookItems {
  readonly alerts: { getValue(): Promise<unknown>; setValue(value: Alert[]): Promise<void> };
  readonly history: { getValue(): Promise<unknown> };
}

/** What is stored, as far as it still parses: one bad record must not hide the others. */
function parsedList<T>(raw: unknown, schema: z.ZodMiniType<T>): T[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function readAlerts(items: Pick<AlertBookItems, 'alerts'>): Promise<Alert[]> {
  return parsedList(await items.alerts.getValue(), alert);
}

export async function readHistory(items: Pick<AlertBookItems, 'history'>): Promise<FiredAlert[]> {
  return parsedList(await items.history.getValue(), firedAlert);
}

function notFound(): PerchError {
  return new PerchError('InvalidRequestError', 'That alert no longer exists: it was deleted meanwhile.');
}

/** The alerts as the trader keeps them: each change one read-then-write, one at a time. */
export function createAlertBook(deps: {
  readonly items: AlertBookItems;
  readonly clock: Clock;
  readonly newId: () => string;
}): AlertBook {
  const serial = createSerialQueue();

  function change<T>(apply: (alerts: Alert[]) => { next: Alert[]; result: T }): Promise<T> {
    return serial(async () => {
      const { next, result } = apply(await readAlerts(deps.items));
      await deps.items.alerts.setValue(next);
      return result;
    });
  }

  return {
    async list() {
      const [alerts, history] = await Promise.all([readAlerts(deps.items), readHistory(deps.items)]);
      return { alerts, history };
    },
    save: (draft: AlertDraft, id?: string) =>
      change((alerts) => {
        const index = id === undefined ? -1 : alerts.findIndex((existing) => existing.id === id);
        if (id !== undefined && index < 0) throw notFound();
        if (index < 0 && alerts.length >= ALERTS_MAX)
          throw new PerchError(
            'InvalidRequestError',
            `Perch keeps at most ${ALERTS_MAX} alerts: delete one you no longer need first.`,
          );
        const before = alerts[index];
        const saved: Alert = {
          ...draft,
          id: before?.id ?? deps.newId(),
          createdAt: before?.createdAt ?? deps.clock.now(),
          // An edited alert watches again: its conditions may have changed.
          paused: false,
        };
        const next = index < 0 ? [...alerts, saved] : alerts.with(index, saved);
        return { next, result: saved };
      }),
    remove: (id: string) =>
      change((alerts) => {
        const next = alerts.filter((existing) => existing.id !== id);
        return { next, result: next.length < alerts.length };
      }),
    pause: (id: string, paused: boolean) =>
      change((alerts) => {
        const index = alerts.findIndex((existing) => existing.id === id);
        const before = alerts[index];
        if (before === undefined) throw notFound();
        const changed = { ...before, paused };
        return { next: alerts.with(index, changed), result: changed };
      }),
  };
}

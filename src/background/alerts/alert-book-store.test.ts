import { describe, expect, it } from 'vitest';
import type { Alert, AlertDraft } from '../../contracts/alerts';
import { PerchError } from '../../contracts';
import { ALERTS_MAX, createAlertBook } from './alert-book-store';

const DRAFT: AlertDraft = {
  condition: {
    kind: 'price',
    instrument: { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
    direction: 'above',
    level: '65000',
    source: 'last',
  },
  repeat: { mode: 'once' },
  sound: false,
};

function setUp(stored: unknown = [], history: unknown = []) {
  let value: unknown = stored;
  let now = 1_000;
  let ids = 0;
  const book = createAlertBook({
    items: {
      alerts: {
        getValue: () => Promise.resolve(value),
        setValue: (next: Alert[]) => {
          value = next;
          return Promise.resolve();
        },
      },
      history: { getValue: () => Promise.resolve(history) },
    },
    clock: { now: () => now },
    newId: () => `alert-${++ids}`,
  });
  return { book, stored: () => value, later: () => (now += 500) };
}

describe('the alert book', () => {
  it('creates an alert, then replaces it by id keeping when it was made and watching again', async () => {
    const { book, stored, later } = setUp();
    const created = await book.save(DRAFT);
    expect(created).toMatchObject({ id: 'alert-1', createdAt: 1_000, paused: false });
    await book.pause('alert-1', true);
    later();
    const edited = await book.save({ ...DRAFT, repeat: { mode: 'every', cooldownSeconds: 60 } }, 'alert-1');
    expect(edited).toMatchObject({
      id: 'alert-1',
      createdAt: 1_000,
      paused: false,
      repeat: { mode: 'every' },
    });
    expect(stored()).toHaveLength(1);
  });

  it('keeps two saves made at once', async () => {
    const { book } = setUp();
    await Promise.all([book.save(DRAFT), book.save(DRAFT)]);
    expect((await book.list()).alerts.map((alert) => alert.id)).toEqual(['alert-1', 'alert-2']);
  });

  it('refuses an edit of a deleted alert and one alert over the limit, in words', async () => {
    const { book } = setUp();
    await expect(book.save(DRAFT, 'gone')).rejects.toThrow(/no longer exists/);
    for (let i = 0; i < ALERTS_MAX; i++) await book.save(DRAFT);
    const refusal = book.save(DRAFT);
    await expect(refusal).rejects.toBeInstanceOf(PerchError);
    await expect(refusal).rejects.toThrow(`at most ${ALERTS_MAX} alerts`);
  });

  it('deletes by id and says whether anything was deleted', async () => {
    const { book } = setUp();
    await book.save(DRAFT);
    expect(await book.remove('alert-1')).toBe(true);
    expect(await book.remove('alert-1')).toBe(false);
    expect((await book.list()).alerts).toEqual([]);
  });

  it('lists what still parses: one damaged record hides no other', async () => {
    const good = { ...DRAFT, id: 'kept', createdAt: 5, paused: false };
    const fired = {
      id: 'f',
      alertId: 'kept',
      kind: 'price',
      exchange: 'okx',
      title: 't',
      message: 'm',
      at: 1,
      firedAt: 2,
    };
    const { book } = setUp([{ id: 'broken' }, good], [fired, { nonsense: true }]);
    expect(await book.list()).toEqual({ alerts: [good], history: [fired] });
  });
});

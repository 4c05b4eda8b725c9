import { describe, expect, it } from 'vitest';
import type { AlertCondition } from '../../contracts/alerts';
import {
  BTC,
  MINUTE,
  SECOND,
  T0,
  aCandle,
  aFill,
  aPrice,
  anAlert,
  engineRig,
  priceAbove,
  throughStorage,
} from './alerts.test-helper';

const above65k = anAlert(priceAbove('65000'));
const below60k = anAlert({
  kind: 'price',
  instrument: BTC,
  direction: 'below',
  level: '60000',
  source: 'last',
});

describe('price alerts fire on a crossing only', () => {
  it('fires when the last price reaches the level from below, not while it stays above', () => {
    const rig = engineRig([above65k]);
    expect(rig.fire(aPrice('64000', T0), aPrice('64999.9', T0 + SECOND))).toEqual([]);
    expect(rig.fire(aPrice('65000', T0 + 2 * SECOND))).toEqual([`a1:price:${T0 + 2 * SECOND}`]);
    expect(rig.fire(aPrice('65100', T0 + 3 * SECOND))).toEqual([]);
    // Back under, then across again: a second crossing.
    expect(rig.fire(aPrice('64900', T0 + 4 * SECOND), aPrice('65001', T0 + 5 * SECOND))).toHaveLength(1);
  });

  it('fires below when the price falls to the level from above', () => {
    const rig = engineRig([below60k]);
    expect(rig.fire(aPrice('60000.1', T0), aPrice('60000', T0 + SECOND))).toEqual([
      `a1:price:${T0 + SECOND}`,
    ]);
    expect(rig.fire(aPrice('59000', T0 + 2 * SECOND))).toEqual([]);
  });

  it('compares decimals exactly: "65000.00" is at the level, "64999.999999999999" is not', () => {
    const rig = engineRig([above65k]);
    expect(rig.fire(aPrice('64000', T0), aPrice('64999.999999999999', T0 + SECOND))).toEqual([]);
    expect(rig.fire(aPrice('65000.00', T0 + 2 * SECOND))).toHaveLength(1);
  });

  it('reads the mark price for a mark alert and ignores the last price', () => {
    const rig = engineRig([anAlert(priceAbove('65000', 'mark'))]);
    expect(rig.fire(aPrice('64000', T0, '64000'), aPrice('66000', T0 + SECOND, '64500'))).toEqual([]);
    expect(rig.fire(aPrice(undefined, T0 + 2 * SECOND, '65000'))).toHaveLength(1);
  });

  it('never fires on the first price after the alert is created, even beyond the level', () => {
    const rig = engineRig([above65k]);
    expect(rig.fire(aPrice('66000', T0), aPrice('66100', T0 + SECOND))).toEqual([]);
  });

  it('ignores other instruments', () => {
    const rig = engineRig([above65k]);
    const bybit = { ...aPrice('66000', T0 + SECOND), exchange: 'bybit' as const };
    const spot = { ...aPrice('66000', T0 + SECOND), kind: 'spot' as const };
    expect(rig.fire(aPrice('64000', T0), bybit, spot)).toEqual([]);
  });
});

describe('price alerts after a restart', () => {
  /** An engine that saw `price` at T0, stopped, and a new one built from its stored memory. */
  function restartedAfter(price: string) {
    const before = engineRig([above65k]);
    before.fire(aPrice(price, T0));
    return engineRig([above65k], throughStorage(before.engine.memory()));
  }

  it('does not fire on the first tick after a restart when the price did not cross', () => {
    expect(restartedAfter('64000').fire(aPrice('64800', T0 + MINUTE))).toEqual([]);
    // Already above before the stop: still above is no crossing.
    expect(restartedAfter('65500').fire(aPrice('65600', T0 + MINUTE))).toEqual([]);
  });

  it('fires on the first tick after a restart when the price crossed meanwhile', () => {
    expect(restartedAfter('64000').fire(aPrice('65200', T0 + MINUTE))).toEqual([`a1:price:${T0 + MINUTE}`]);
  });

  it('fires once on a candle that crossed, at the candle’s start, and the same candle again is nothing', () => {
    const rig = restartedAfter('64000');
    const crossed = aCandle(T0 + 2 * MINUTE, '64100', '65050', '64900');
    const firings = rig.engine.observe(crossed, { late: true });
    expect(firings.map(({ fired }) => [fired.id, fired.at])).toEqual([
      [`a1:price:${T0 + 2 * MINUTE}`, T0 + 2 * MINUTE],
    ]);
    expect(rig.engine.observe(crossed, { late: true })).toEqual([]);
  });

  it('takes a candle’s close as the price known after it', () => {
    const rig = restartedAfter('64000');
    expect(rig.fire(aCandle(T0 + 2 * MINUTE, '64100', '65300', '65200'))).toHaveLength(1);
    expect(rig.fire(aPrice('65300', T0 + 3 * MINUTE + SECOND))).toEqual([]);
  });

  it('fires on a candle that dipped under the level and ended back over it, from a price already above', () => {
    const rig = restartedAfter('65500');
    expect(rig.fire(aCandle(T0 + 2 * MINUTE, '64800', '65600', '65200'))).toEqual([
      `a1:price:${T0 + 2 * MINUTE}`,
    ]);
    expect(rig.fire(aCandle(T0 + 3 * MINUTE, '64800', '65600', '64900'))).toEqual([]);
  });

  it('takes only where the candle holding the known price ended: its range may be from before that price', () => {
    // The price 64,000 was seen at T0, inside the candle from T0 - 30 s, whose high may come before it.
    const holding = (close: string) => aCandle(T0 - 30 * SECOND, '63900', '65100', close);
    expect(restartedAfter('64000').fire(holding('64900'))).toEqual([]);
    expect(restartedAfter('64000').fire(holding('65050'))).toEqual([`a1:price:${T0 - 30 * SECOND}`]);
  });

  it('takes no price older than the one known: a held quote after a newer candle moves nothing', () => {
    const rig = restartedAfter('64000');
    expect(rig.fire(aCandle(T0 + 2 * MINUTE, '64100', '65300', '65200'))).toHaveLength(1);
    expect(rig.fire(aPrice('64000', T0 + MINUTE))).toEqual([]);
    // Had the old quote counted, the price would be back under the level and this would fire again.
    expect(rig.fire(aPrice('65300', T0 + 3 * MINUTE + SECOND))).toEqual([]);
  });

  it('does not fire on a candle that stayed under the level, or on a mark candle for a last-price alert', () => {
    const rig = restartedAfter('64000');
    expect(rig.fire(aCandle(T0 + MINUTE, '63000', '64999', '64500'))).toEqual([]);
    expect(rig.fire(aCandle(T0 + 2 * MINUTE, '64400', '66000', '65500', true))).toEqual([]);
  });

  it('judges the candle the last known price fell in by its close: its high may be from before that price', () => {
    // Fired above at 14:00:10, then seen back under at 14:01:01; the 14:01 candle opened above.
    const before = engineRig([above65k]);
    before.fire(
      aPrice('64000', T0),
      aPrice('65500', T0 + 10 * SECOND),
      aPrice('64000', T0 + MINUTE + SECOND),
    );
    const memory = throughStorage(before.engine.memory());
    const stayedUnder = aCandle(T0 + MINUTE, '64000', '65500', '64000');
    expect(engineRig([above65k], memory).fire(stayedUnder)).toEqual([]);
    // Back above by the minute's end: it crossed after the price known, at that minute.
    const closedAbove = aCandle(T0 + MINUTE, '64000', '65500', '65100');
    expect(engineRig([above65k], memory).fire(closedAbove)).toEqual([`a1:price:${T0 + MINUTE}`]);
  });

  it('says from when to read candles: after the last price each source saw', () => {
    const markAlert = anAlert(priceAbove('65000', 'mark'), undefined, 'a2');
    const rig = engineRig([above65k, markAlert]);
    rig.fire(aPrice('64000', T0), aPrice('64100', T0 + SECOND, '64050'));
    expect(rig.engine.priceCatchUps()).toEqual([
      { instrument: BTC, mark: false, since: T0 + SECOND },
      { instrument: BTC, mark: true, since: T0 + SECOND },
    ]);
  });
});

describe('repeat and cool-down', () => {
  const crossings = (start: number) => [aPrice('64000', start), aPrice('65500', start + SECOND)];

  it('every, with a cool-down: a second crossing inside it is skipped, one after it fires', () => {
    const rig = engineRig([anAlert(priceAbove('65000'), { mode: 'every', cooldownSeconds: 300 })]);
    expect(rig.fire(...crossings(T0))).toHaveLength(1);
    expect(rig.fire(...crossings(T0 + 2 * MINUTE))).toEqual([]);
    expect(rig.fire(...crossings(T0 + 5 * MINUTE + 2 * SECOND))).toHaveLength(1);
  });

  it('once: fires asking to be paused, and never again', () => {
    const rig = engineRig([anAlert(priceAbove('65000'), { mode: 'once' })]);
    rig.fire(aPrice('64000', T0));
    const [firing, ...rest] = rig.engine.observe(aPrice('65500', T0 + SECOND));
    expect(rest).toEqual([]);
    expect(firing?.pause).toBe(true);
    expect(rig.fire(...crossings(T0 + MINUTE))).toEqual([]);
  });

  it('every: asks for no pause', () => {
    const rig = engineRig([above65k]);
    rig.fire(aPrice('64000', T0));
    expect(rig.engine.observe(aPrice('65500', T0 + SECOND)).map(({ pause }) => pause)).toEqual([false]);
  });
});

describe('deduplication and memory', () => {
  const fills = anAlert({ kind: 'fill', scope: { exchanges: ['okx'], symbols: [] }, partial: false });

  it('never fires an id twice, across a restart that restores the stored memory', () => {
    const before = engineRig([fills]);
    expect(before.fire(aFill())).toEqual(['a1:fill:okx:o1:all']);
    const after = engineRig([fills], throughStorage(before.engine.memory()));
    expect(after.fire(aFill({ ts: T0 + MINUTE }))).toEqual([]);
    expect(after.fire(aFill({ orderId: 'o2' }))).toEqual(['a1:fill:okx:o2:all']);
  });

  it('keeps at most the last 500 fired ids', () => {
    const rig = engineRig([fills]);
    for (let order = 0; order < 501; order += 1) rig.fire(aFill({ orderId: `o${order}` }));
    const { fired } = rig.engine.memory();
    expect(fired).toHaveLength(500);
    expect(fired[0]).toBe('a1:fill:okx:o1:all');
  });

  it('ignores paused alerts and forgets deleted ones', () => {
    const rig = engineRig([above65k]);
    rig.fire(aPrice('64000', T0));
    expect(Object.keys(rig.engine.memory().alerts)).toEqual(['a1']);
    rig.engine.setAlerts([{ ...above65k, paused: true }]);
    expect(rig.fire(aPrice('64000', T0 + SECOND), aPrice('65500', T0 + 2 * SECOND))).toEqual([]);
    rig.engine.setAlerts([]);
    expect(rig.engine.memory().alerts).toEqual({});
  });

  it('starts an edited alert afresh: its old price is no baseline for a new instrument', () => {
    const rig = engineRig([above65k]);
    rig.fire(aPrice('64000', T0));
    const eth: AlertCondition = { ...priceAbove('65000'), instrument: { ...BTC, symbol: 'ETH-USDT-SWAP' } };
    rig.engine.setAlerts([{ ...above65k, condition: eth }]);
    expect(rig.engine.memory().alerts).toEqual({});
  });
});

describe('a price is judged by the alerts of its instrument', () => {
  const eth = { ...BTC, symbol: 'ETH-USDT-SWAP' } as const;
  const ethAbove3k = anAlert({ ...priceAbove('3000'), instrument: eth }, undefined, 'a2');
  const ethMove = anAlert({ kind: 'move', instrument: eth, percent: '5', windowMinutes: 5 }, undefined, 'a3');
  const ethPrice = (last: string, ts: number) => ({ ...aPrice(last, ts), symbol: eth.symbol });

  it('leaves the other instruments’ alerts as they were, and each fires on its own crossing', () => {
    const rig = engineRig([above65k, ethAbove3k, ethMove]);
    rig.fire(aPrice('64000', T0), aPrice('64500', T0 + SECOND));
    expect(Object.keys(rig.engine.memory().alerts)).toEqual(['a1']);
    expect(rig.fire(ethPrice('2900', T0 + 2 * SECOND), ethPrice('3000', T0 + 3 * SECOND))).toEqual([
      `a2:price:${T0 + 3 * SECOND}`,
    ]);
    expect(rig.fire(aPrice('65000', T0 + 4 * SECOND))).toEqual([`a1:price:${T0 + 4 * SECOND}`]);
    expect(rig.fire(ethPrice('3100', T0 + 5 * SECOND))).toEqual([`a3:move:${T0 + 5 * SECOND}`]);
  });

  it('counts each alert’s first price once, whichever instrument it reads', () => {
    const rig = engineRig([above65k, anAlert(priceAbove('70000'), undefined, 'a4'), ethAbove3k]);
    expect(rig.engine.baselinesTaken()).toBe(0);
    rig.fire(aPrice('64000', T0));
    expect(rig.engine.baselinesTaken()).toBe(2);
    rig.fire(aPrice('64100', T0 + SECOND), ethPrice('2900', T0 + SECOND));
    expect(rig.engine.baselinesTaken()).toBe(3);
  });
});

describe('what the engine needs quotes for', () => {
  it('lists each instrument of the active price and move alerts once, a margin pair by its spot pair', () => {
    const margin = { exchange: 'okx', kind: 'margin', symbol: 'BTC-USDT' } as const;
    const rig = engineRig([
      above65k,
      anAlert(priceAbove('70000', 'mark'), undefined, 'a2'),
      anAlert({ kind: 'move', instrument: margin, percent: '2', windowMinutes: 5 }, undefined, 'a3'),
      anAlert({ kind: 'stop', scope: { exchanges: ['okx'], symbols: [] } }, undefined, 'a4'),
      {
        ...anAlert({ ...priceAbove('1'), instrument: { ...BTC, symbol: 'SOL-USDT-SWAP' } }, undefined, 'a5'),
        paused: true,
      },
    ]);
    expect(rig.engine.wantedInstruments()).toEqual([BTC, { ...margin, kind: 'spot' }]);
  });
});

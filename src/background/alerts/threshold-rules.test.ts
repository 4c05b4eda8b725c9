import { describe, expect, it } from 'vitest';
import {
  MINUTE,
  OKX_ONLY,
  SECOND,
  T0,
  aClose,
  aRisk,
  anAlert,
  engineRig,
  throughStorage,
} from './alerts.test-helper';
import type { MarginInput } from './alert-inputs';

const liquidation = anAlert({ kind: 'liquidation', scope: OKX_ONLY, belowPercent: '5' });
const margin = anAlert({ kind: 'margin', scope: OKX_ONLY, abovePercent: '80' });
const funding = anAlert({ kind: 'funding', scope: OKX_ONLY, aboveRate: '0.0005', minutesBefore: 30 });

const distance = (percent: string | undefined, ts: number) =>
  aRisk({ liquidationDistancePercent: percent, ts });
const ratio = (percent: string, ts: number): MarginInput => ({
  type: 'margin',
  exchange: 'okx',
  marginRatioPercent: percent,
  ts,
});

describe('threshold alerts fire on entering their condition', () => {
  it('liquidation: fires when the distance falls under the threshold, once until it leaves', () => {
    const rig = engineRig([liquidation]);
    expect(rig.fire(distance('6', T0), distance('5', T0 + SECOND))).toEqual([]);
    expect(rig.fire(distance('4.9', T0 + 2 * SECOND))).toEqual([
      `a1:liquidation:okx:BTC-USDT-SWAP:one-way:${T0 + 2 * SECOND}`,
    ]);
    expect(rig.fire(distance('3', T0 + 3 * SECOND), distance('4.99', T0 + 4 * SECOND))).toEqual([]);
    // Out, and in again: re-armed.
    expect(rig.fire(distance('5.5', T0 + 5 * SECOND), distance('4', T0 + 6 * SECOND))).toHaveLength(1);
  });

  it('liquidation: the first observation already under the threshold counts as entering', () => {
    expect(engineRig([liquidation]).fire(distance('2', T0))).toHaveLength(1);
  });

  it('liquidation: an unknown distance is outside; each position is judged on its own', () => {
    const rig = engineRig([liquidation]);
    expect(rig.fire(distance(undefined, T0))).toEqual([]);
    rig.fire(distance('4', T0 + SECOND));
    const long = aRisk({ slot: 'long', liquidationDistancePercent: '4', ts: T0 + 2 * SECOND });
    expect(rig.fire(long)).toEqual([`a1:liquidation:okx:BTC-USDT-SWAP:long:${T0 + 2 * SECOND}`]);
  });

  it('liquidation: still inside after a restart does not fire again', () => {
    const before = engineRig([liquidation]);
    before.fire(distance('4', T0));
    const after = engineRig([liquidation], throughStorage(before.engine.memory()));
    expect(after.fire(distance('3.5', T0 + MINUTE))).toEqual([]);
  });

  it('liquidation: a position closed for good re-arms its slot for the next one', () => {
    const rig = engineRig([liquidation]);
    rig.fire(distance('4', T0));
    rig.fire(aClose({ ts: T0 + SECOND }));
    expect(rig.fire(distance('4', T0 + MINUTE))).toHaveLength(1);
  });

  it('margin: fires when the ratio rises over the threshold, re-armed after it falls back', () => {
    const rig = engineRig([margin]);
    expect(rig.fire(ratio('80', T0))).toEqual([]);
    expect(rig.fire(ratio('80.01', T0 + SECOND))).toEqual([`a1:margin:okx:${T0 + SECOND}`]);
    expect(rig.fire(ratio('90', T0 + 2 * SECOND))).toEqual([]);
    expect(rig.fire(ratio('70', T0 + 3 * SECOND), ratio('85', T0 + 4 * SECOND))).toHaveLength(1);
    expect(rig.fire({ ...ratio('95', T0 + 5 * SECOND), exchange: 'bybit' })).toEqual([]);
  });
});

describe('funding alerts', () => {
  const settlement = T0 + 60 * MINUTE;
  const due = (fields: Parameters<typeof aRisk>[0]) =>
    aRisk({ fundingRate: '0.001', nextFundingTime: settlement, pays: true, ...fields });

  it('fires within the minutes before the settlement, once per settlement', () => {
    const rig = engineRig([funding]);
    expect(rig.fire(due({ ts: settlement - 31 * MINUTE }))).toEqual([]);
    expect(rig.fire(due({ ts: settlement - 30 * MINUTE }))).toEqual([
      `a1:funding:okx:BTC-USDT-SWAP:one-way:${settlement}`,
    ]);
    expect(rig.fire(due({ ts: settlement - 20 * MINUTE }))).toEqual([]);
    // The rate dips under and comes back before the same settlement: still the same one.
    rig.fire(due({ fundingRate: '0.0001', ts: settlement - 10 * MINUTE }));
    expect(rig.fire(due({ ts: settlement - 5 * MINUTE }))).toEqual([]);
    // The next settlement is another.
    const next = settlement + 480 * MINUTE;
    rig.fire(due({ nextFundingTime: next, ts: settlement + MINUTE }));
    expect(rig.fire(due({ nextFundingTime: next, ts: next - 10 * MINUTE }))).toHaveLength(1);
  });

  it('fires only for a position that pays, on the rate’s size (a short pays a negative rate)', () => {
    const rig = engineRig([funding]);
    const ts = settlement - 10 * MINUTE;
    expect(rig.fire(due({ pays: false, ts }))).toEqual([]);
    expect(rig.fire(due({ fundingRate: '0.0005', ts, slot: 'long' }))).toEqual([]);
    expect(rig.fire(due({ fundingRate: '-0.0006', ts, slot: 'short' }))).toHaveLength(1);
  });

  it('does not fire at or after the settlement', () => {
    expect(engineRig([funding]).fire(due({ ts: settlement }))).toEqual([]);
  });
});

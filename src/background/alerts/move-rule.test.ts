import { describe, expect, it } from 'vitest';
import { BTC, MINUTE, SECOND, T0, aPrice, anAlert, engineRig, throughStorage } from './alerts.test-helper';

const twoPercentIn5 = anAlert({ kind: 'move', instrument: BTC, percent: '2', windowMinutes: 5 });

describe('move alerts', () => {
  it('fire when the last price is the percent away from a price within the window, either way', () => {
    const rig = engineRig([twoPercentIn5]);
    expect(rig.fire(aPrice('100', T0), aPrice('101.9', T0 + MINUTE))).toEqual([]);
    expect(rig.fire(aPrice('102', T0 + 2 * MINUTE))).toEqual([`a1:move:${T0 + 2 * MINUTE}`]);
    // The window starts again from 102: 100.1 is less than 2 % under it, 99.96 is 2 %.
    expect(rig.fire(aPrice('100.1', T0 + 3 * MINUTE))).toEqual([]);
    expect(rig.fire(aPrice('99.96', T0 + 4 * MINUTE))).toHaveLength(1);
  });

  it('forget prices older than the window', () => {
    const rig = engineRig([twoPercentIn5]);
    rig.fire(aPrice('100', T0), aPrice('101', T0 + 4 * MINUTE));
    expect(rig.fire(aPrice('102', T0 + 6 * MINUTE))).toEqual([]);
    expect(rig.fire(aPrice('103.1', T0 + 7 * MINUTE))).toHaveLength(1);
  });

  it('keep a bounded memory however many ticks come, and carry it across a restart', () => {
    const rig = engineRig([twoPercentIn5]);
    for (let tick = 0; tick < 3000; tick += 1)
      rig.fire(aPrice(tick % 2 === 0 ? '100' : '100.5', T0 + tick * 200));
    const memory = throughStorage(rig.engine.memory());
    const rule = memory.alerts['a1']?.rule;
    expect(rule?.kind === 'move' ? rule.buckets.length : 0).toBeLessThanOrEqual(61);
    const after = engineRig([twoPercentIn5], memory);
    expect(after.fire(aPrice('98', T0 + 600 * SECOND + 1))).toHaveLength(1);
  });
});

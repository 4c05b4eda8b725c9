import { describe, expect, it } from 'vitest';
import { OKX_ONLY, SECOND, T0, aClose, aFill, anAlert, engineRig } from './alerts.test-helper';
import type { StopInput } from './alert-inputs';

const wholeFills = anAlert({ kind: 'fill', scope: OKX_ONLY, partial: false });
const everyFill = anAlert({ kind: 'fill', scope: OKX_ONLY, partial: true });
const stops = anAlert({ kind: 'stop', scope: OKX_ONLY });
const closes = anAlert({ kind: 'closed', scope: OKX_ONLY });

const aStop = (ts: number, legId = 'algo-1'): StopInput => ({
  type: 'stop',
  exchange: 'okx',
  symbol: 'BTC-USDT-SWAP',
  legId,
  role: 'stop',
  triggerPrice: '61000',
  ts,
});

describe('fill alerts', () => {
  const partly = aFill({ filledSize: '0.2', whole: false });

  it('without partial: only a whole fill', () => {
    expect(engineRig([wholeFills]).fire(partly, aFill())).toEqual(['a1:fill:okx:o1:all']);
  });

  it('with partial: each part once, then the whole', () => {
    const rig = engineRig([everyFill]);
    expect(rig.fire(partly, partly, aFill())).toEqual(['a1:fill:okx:o1:0.2', 'a1:fill:okx:o1:all']);
  });
});

describe('stop alerts', () => {
  it('fire once per leg and time', () => {
    const rig = engineRig([stops]);
    expect(rig.fire(aStop(T0), aStop(T0))).toEqual([`a1:stop:okx:BTC-USDT-SWAP:algo-1:${T0}`]);
    expect(rig.fire(aStop(T0, 'algo-2'))).toHaveLength(1);
  });
});

describe('closed alerts', () => {
  it('fire once per close id', () => {
    expect(engineRig([closes]).fire(aClose(), aClose())).toEqual(['a1:closed:okx:c1']);
  });

  it('take the REST history’s close 20 s after the stream’s close of the same position as the same close', () => {
    const stream = aClose({ id: `okx:BTC-USDT-SWAP:one-way:${T0}`, reason: 'unknown' });
    const rest = aClose({ id: '98765', ts: T0 + 20 * SECOND, source: 'history' });
    expect(engineRig([closes]).fire(stream, rest)).toEqual([`a1:closed:okx:okx:BTC-USDT-SWAP:one-way:${T0}`]);
  });

  it('fire for two closes of the same position the stream shows within a minute (it reopened between)', () => {
    const rig = engineRig([closes]);
    rig.fire(aClose());
    expect(rig.fire(aClose({ id: 'c2', ts: T0 + 5 * SECOND }))).toEqual(['a1:closed:okx:c2']);
  });

  it('fire for another close of the same position more than a minute later, and for another position', () => {
    const rig = engineRig([closes]);
    rig.fire(aClose());
    expect(rig.fire(aClose({ id: 'c2', ts: T0 + 61 * SECOND }))).toEqual(['a1:closed:okx:c2']);
    expect(rig.fire(aClose({ id: 'c3', slot: 'long', ts: T0 + 62 * SECOND }))).toEqual(['a1:closed:okx:c3']);
  });
});

describe('scope', () => {
  it('watches only the exchanges listed', () => {
    expect(engineRig([stops]).fire({ ...aStop(T0), exchange: 'bybit' })).toEqual([]);
  });

  it('with symbols, only those instruments', () => {
    const ethOnly = anAlert({ kind: 'closed', scope: { exchanges: ['okx', 'bybit'], symbols: ['ETHUSDT'] } });
    const rig = engineRig([ethOnly]);
    expect(rig.fire(aClose())).toEqual([]);
    expect(rig.fire(aClose({ exchange: 'bybit', symbol: 'ETHUSDT', id: 'e1' }))).toEqual([
      'a1:closed:bybit:e1',
    ]);
  });
});

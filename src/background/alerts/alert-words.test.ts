import { describe, expect, it } from 'vitest';
import type { Alert } from '../../contracts/alerts';
import type { AlertInput } from './alert-inputs';
import { alertTimeOfDay } from './alert-words';
import {
  BTC,
  MINUTE,
  OKX_ONLY,
  T0,
  aCandle,
  aClose,
  aFill,
  aPrice,
  aRisk,
  anAlert,
  engineRig,
  priceAbove,
} from './alerts.test-helper';

/** What the one alert says on the last input, after the ones before it. */
function words(alert: Alert, inputs: AlertInput[], options: { late?: boolean; seenAt?: number } = {}) {
  const rig = engineRig([alert]);
  const last = inputs.pop();
  rig.fire(...inputs);
  if (options.seenAt !== undefined) rig.clock.set(options.seenAt);
  if (last === undefined) throw new Error('no input');
  const [firing] = rig.engine.observe(last, { late: options.late ?? false });
  return { title: firing?.fired.title, message: firing?.fired.message };
}

const at = (h: number, m: number, s: number) => Date.UTC(2025, 0, 2, h, m, s);

describe('alertTimeOfDay', () => {
  it('reads twenty past midnight as 00:20:00, never 24:20:00', () => {
    expect(alertTimeOfDay(new Date(2026, 10, 29, 0, 20, 0).getTime())).toMatch(/^00.20.00$/);
    expect(alertTimeOfDay(new Date(2026, 10, 29, 23, 59, 59).getTime())).toMatch(/^23.59.59$/);
  });
});

describe('alert words', () => {
  it('a price crossing: the instrument, the exchange, the level, the price and the time', () => {
    expect(
      words(anAlert(priceAbove('65000')), [aPrice('64000', T0), aPrice('65010.50', at(14, 3, 7))]),
    ).toEqual({
      title: 'BTC-USDT-SWAP on OKX: above 65,000',
      message: 'Last price 65,010.5 crossed above 65,000 at 14:03:07.',
    });
  });

  it('a crossing caught up on waking names when it happened and when it was seen', () => {
    const candle = aCandle(at(14, 3, 0), '64100', '65020', '64900');
    const { message } = words(anAlert(priceAbove('65000')), [aPrice('64000', T0), candle], {
      late: true,
      seenAt: at(14, 5, 10),
    });
    expect(message).toBe(
      'Last price 65,020 crossed above 65,000 at 14:03:00 (seen at 14:05:10, Perch was not running).',
    );
  });

  it('a close by liquidation, with its price and realised PnL; one for an unknown reason', () => {
    const closes = anAlert({ kind: 'closed', scope: OKX_ONLY });
    expect(words(closes, [aClose({ ts: at(14, 3, 7) })])).toEqual({
      title: 'BTC-USDT-SWAP on OKX: closed by liquidation',
      message: 'Position closed by liquidation at 60,500, realised PnL -1,234.5 (14:03:07).',
    });
    const unknown = aClose({
      reason: 'unknown',
      slot: 'long',
      price: undefined,
      realisedPnl: '12',
      ts: at(14, 3, 7),
    });
    expect(words(closes, [unknown]).message).toBe('Long position closed, realised PnL +12 (14:03:07).');
    const adl = aClose({ reason: 'adl', whole: false, realisedPnl: undefined, ts: at(14, 3, 7) });
    expect(words(closes, [adl]).message).toBe(
      'Part of the position closed by auto-deleveraging at 60,500 (14:03:07).',
    );
  });

  it('a fill, whole or in part', () => {
    const fills = anAlert({ kind: 'fill', scope: OKX_ONLY, partial: true });
    expect(words(fills, [aFill({ ts: at(14, 3, 7) })]).message).toBe('Buy 0.5 filled at 64,900 (14:03:07).');
    const part = aFill({ side: 'sell', filledSize: '0.2', whole: false, ts: at(14, 3, 7) });
    expect(words(fills, [part])).toEqual({
      title: 'BTC-USDT-SWAP on OKX: sell partly filled',
      message: 'Sell partly filled: 0.2 of 0.5 at 64,900 (14:03:07).',
    });
  });

  it('a liquidation warning with the distance rounded for reading', () => {
    const alert = anAlert({ kind: 'liquidation', scope: OKX_ONLY, belowPercent: '5' });
    const risk = aRisk({ liquidationDistancePercent: '4.52380952', ts: at(14, 3, 7) });
    expect(words(alert, [risk])).toEqual({
      title: 'BTC-USDT-SWAP on OKX: 4.52 % from liquidation',
      message:
        'The position is 4.52 % from liquidation (mark 64,000, liquidation 56,320), under your 5 %, at 14:03:07.',
    });
  });

  it('a move, a stop and a funding charge', () => {
    const move = anAlert({ kind: 'move', instrument: BTC, percent: '2', windowMinutes: 15 });
    expect(words(move, [aPrice('64000', T0), aPrice('65500', T0 + MINUTE)]).title).toBe(
      'BTC-USDT-SWAP on OKX: up 2.34 % in 15 min',
    );
    const stop = anAlert({ kind: 'stop', scope: OKX_ONLY });
    const fired: AlertInput = {
      type: 'stop',
      exchange: 'okx',
      symbol: 'BTC-USDT-SWAP',
      legId: 'l1',
      role: 'trailing',
      triggerPrice: '61000',
      ts: at(14, 3, 7),
    };
    expect(words(stop, [fired]).message).toBe('The trailing stop at 61,000 fired (14:03:07).');
    const funding = anAlert({ kind: 'funding', scope: OKX_ONLY, aboveRate: '0.0005', minutesBefore: 30 });
    const due = aRisk({
      fundingRate: '0.00125',
      nextFundingTime: at(16, 0, 0),
      pays: true,
      ts: at(15, 45, 0),
    });
    expect(words(funding, [due]).message).toBe(
      'The position pays 0.125 % funding at the 16:00:00 settlement, above your 0.05 %.',
    );
  });
});

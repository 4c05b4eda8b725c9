import { describe, expect, it } from 'vitest';
import {
  checkTriggerPrice,
  partCloseSize,
  protectionStatus,
  triggerFromDistance,
  type TriggerPriceInput,
} from './protection-rules';

const stop = (triggerPrice: string | undefined) => ({ role: 'stop' as const, triggerPrice });
const target = (triggerPrice: string) => ({ role: 'target' as const, triggerPrice });
const long = {
  side: 'long',
  entryPrice: '60000',
  breakEvenPrice: undefined,
  liquidationPrice: '54000',
} as const;
const short = {
  side: 'short',
  entryPrice: '60000',
  breakEvenPrice: '59950',
  liquidationPrice: '66000',
} as const;

describe('protection status', () => {
  it('is unprotected without a stop, whatever the targets', () => {
    expect(protectionStatus(long, [])).toBe('unprotected');
    expect(protectionStatus(long, [target('65000')])).toBe('unprotected');
  });

  it('names a stop set, judged by the stop that fires first', () => {
    expect(protectionStatus(long, [stop('58000')])).toBe('stop-set');
    expect(protectionStatus(long, [stop('50000'), stop('58000')])).toBe('stop-set');
    expect(protectionStatus(short, [stop('62000'), stop('70000')])).toBe('stop-set');
  });

  it('names a stop beyond the liquidation price on either side', () => {
    expect(protectionStatus(long, [stop('53000')])).toBe('stop-beyond-liquidation');
    expect(protectionStatus(short, [stop('66000')])).toBe('stop-beyond-liquidation');
  });

  it('names breakeven from the exchange breakeven price, else the entry', () => {
    expect(protectionStatus(long, [stop('60000')])).toBe('breakeven');
    expect(protectionStatus(long, [stop('59999.5')])).toBe('stop-set');
    expect(protectionStatus(short, [stop('59950')])).toBe('breakeven');
    expect(protectionStatus(short, [stop('59960')])).toBe('stop-set');
  });

  it('counts a trailing stop with no known price yet as a stop set', () => {
    expect(protectionStatus(long, [{ role: 'trailing', triggerPrice: undefined }])).toBe('stop-set');
  });
});

describe('typed trigger price', () => {
  const base: TriggerPriceInput = {
    role: 'stop',
    side: 'long',
    typed: '59000',
    markPrice: '61000',
    tickSize: '0.5',
    liquidationPrice: '54000',
  };

  it('rounds to the tick size and says so', () => {
    expect(checkTriggerPrice({ ...base, typed: '59000.3' })).toEqual({
      ok: true,
      price: '59000.5',
      notes: ['Rounded to 59000.5: prices move in steps of 0.5.'],
      warning: undefined,
    });
    expect(checkTriggerPrice(base)).toMatchObject({ ok: true, price: '59000', notes: [] });
  });

  it.each([
    ['stop', 'long', '62000', 'A stop on a long must be below the mark price (61000); 62000 is not.'],
    ['target', 'long', '60000', 'A target on a long must be above the mark price (61000); 60000 is not.'],
    ['stop', 'short', '60000', 'A stop on a short must be above the mark price (61000); 60000 is not.'],
    ['target', 'short', '61000', 'A target on a short must be below the mark price (61000); 61000 is not.'],
  ] as const)('refuses a %s on a %s on the wrong side of the mark', (role, side, typed, message) => {
    expect(checkTriggerPrice({ ...base, role, side, typed, liquidationPrice: undefined })).toEqual({
      ok: false,
      message,
    });
  });

  it('allows a stop beyond the liquidation price only with a warning', () => {
    expect(checkTriggerPrice({ ...base, typed: '53000' })).toMatchObject({
      ok: true,
      warning:
        'This stop (53000) is beyond the liquidation price (54000): the position would be liquidated before it fires.',
    });
    const shortStop = { ...base, side: 'short' as const, typed: '67000', liquidationPrice: '66000' };
    expect(checkTriggerPrice(shortStop)).toMatchObject({
      ok: true,
      warning:
        'This stop (67000) is beyond the liquidation price (66000): the position would be liquidated before it fires.',
    });
    expect(checkTriggerPrice({ ...base, role: 'target', typed: '70000' })).toMatchObject({
      warning: undefined,
    });
  });

  it('refuses what is not a price, and waits for a mark', () => {
    expect(checkTriggerPrice({ ...base, typed: '1e5' })).toMatchObject({ ok: false });
    expect(checkTriggerPrice({ ...base, typed: '0.1' })).toMatchObject({
      ok: false,
      message: 'A stop price must be above 0.',
    });
    expect(checkTriggerPrice({ ...base, markPrice: undefined })).toMatchObject({ ok: false });
  });
});

describe('partial close size', () => {
  const position = { positionSize: '0.03', lotSize: '0.001', minSize: '0.005' };

  it('takes a percentage rounded down to the lot size, saying so', () => {
    expect(partCloseSize({ ...position, part: { percent: 50 } })).toEqual({
      ok: true,
      size: '0.015',
      notes: [],
    });
    expect(partCloseSize({ ...position, part: { percent: 25 } })).toEqual({
      ok: true,
      size: '0.007',
      notes: ['Rounded down to 0.007: sizes move in steps of 0.001.'],
    });
  });

  it('takes a typed size rounded down to the lot size', () => {
    expect(partCloseSize({ ...position, part: { size: '0.0129' } })).toMatchObject({
      ok: true,
      size: '0.012',
    });
  });

  it('refuses a size above the position or below the minimum order, in words', () => {
    expect(partCloseSize({ ...position, part: { size: '0.04' } })).toEqual({
      ok: false,
      message: '0.04 is more than the position (0.03); type a smaller size.',
    });
    expect(partCloseSize({ ...position, part: { size: '0.0049' } })).toEqual({
      ok: false,
      message:
        '0.004 is below the smallest order this market takes (0.005); close more, or close the whole position.',
    });
    expect(partCloseSize({ ...position, part: { percent: 0 } })).toMatchObject({ ok: false });
    expect(partCloseSize({ ...position, part: { size: '-1' } })).toMatchObject({ ok: false });
  });
});

describe('trigger price from a distance', () => {
  it('moves by a percentage of the entry, stop on the losing side', () => {
    const percent = { percent: '2' };
    const at = (role: 'stop' | 'target', side: 'long' | 'short') =>
      triggerFromDistance({ role, side, entryPrice: '60000', tickSize: '0.1', distance: percent });
    expect(at('stop', 'long')).toMatchObject({ ok: true, price: '58800' });
    expect(at('target', 'long')).toMatchObject({ ok: true, price: '61200' });
    expect(at('stop', 'short')).toMatchObject({ ok: true, price: '61200' });
    expect(at('target', 'short')).toMatchObject({ ok: true, price: '58800' });
  });

  it('turns a linear PnL into a price by the size in coin', () => {
    const exposure = { contractType: 'linear', sizeCoin: '0.5' } as const;
    const input = { side: 'long', entryPrice: '60000', tickSize: '0.1' } as const;
    expect(triggerFromDistance({ ...input, role: 'stop', distance: { pnl: '100', exposure } })).toMatchObject(
      {
        price: '59800',
      },
    );
    expect(
      triggerFromDistance({ ...input, side: 'short', role: 'target', distance: { pnl: '100', exposure } }),
    ).toMatchObject({ price: '59800' });
  });

  it('turns an inverse PnL (in coin) into a price by the size in USD', () => {
    // 60000 USD long from 60000: 0.1 BTC gained at 60000 × 60000 / (60000 − 0.1 × 60000) = 66666.7.
    const exposure = { contractType: 'inverse', sizeUsd: '60000' } as const;
    const input = { entryPrice: '60000', tickSize: '0.1' } as const;
    expect(
      triggerFromDistance({ ...input, side: 'long', role: 'target', distance: { pnl: '0.1', exposure } }),
    ).toMatchObject({ price: '66666.7' });
    // Lost 0.1 BTC: 60000 × 60000 / (60000 + 6000) = 54545.5.
    expect(
      triggerFromDistance({ ...input, side: 'long', role: 'stop', distance: { pnl: '0.1', exposure } }),
    ).toMatchObject({ price: '54545.5' });
    expect(
      triggerFromDistance({ ...input, side: 'short', role: 'stop', distance: { pnl: '0.1', exposure } }),
    ).toMatchObject({ price: '66666.7' });
    // A long cannot gain a whole position's worth of coin: no price is that far.
    expect(
      triggerFromDistance({ ...input, side: 'long', role: 'target', distance: { pnl: '1', exposure } }),
    ).toMatchObject({ ok: false });
  });

  it('refuses a distance past zero', () => {
    expect(
      triggerFromDistance({
        role: 'stop',
        side: 'long',
        entryPrice: '100',
        tickSize: undefined,
        distance: { percent: '150' },
      }),
    ).toMatchObject({ ok: false });
  });
});

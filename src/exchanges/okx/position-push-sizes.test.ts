import { describe, expect, it } from 'vitest';
import type { Instrument, PositionUpdateEvent, StreamEvent } from '../model';
import { withPositionSizesInCoin } from './position-push-sizes';

const BTC_USDT_SWAP = { id: 'BTC-USDT-SWAP', contractValue: '0.01', contractType: 'linear' };
const BTC_USD_SWAP = { id: 'BTC-USD-SWAP', contractValue: '100', contractType: 'inverse' };

function pushed(symbol: string, sizeContracts: string): PositionUpdateEvent {
  return {
    kind: 'position',
    ts: 1,
    exchange: 'okx',
    symbol,
    category: 'SWAP',
    instrumentKind: 'perpetual',
    side: 'long',
    sizeContracts,
    sizeCoin: undefined,
    entryPrice: '48000',
    markPrice: '50000',
    liquidationPrice: undefined,
    unrealisedPnl: '6',
    leverage: '10',
    marginMode: 'cross',
    positionMode: 'one-way',
    positionSlot: 'one-way',
    updatedAt: 1,
  };
}

/** Hands each event through the decorator and keeps what comes out, with its socket; `known` answers from `lists`. */
function decorate(lists: Partial<Record<string, Instrument>>) {
  const asked: string[] = [];
  const out: { key: string; event: StreamEvent }[] = [];
  const onStreamEvent = withPositionSizesInCoin<'private'>((key, event) => out.push({ key, event }), {
    known: (instType, instId) => {
      asked.push(`${instType} ${instId}`);
      return lists[instId];
    },
  });
  const push = (event: PositionUpdateEvent) => {
    onStreamEvent('private', event);
  };
  return { push, out, asked };
}

const sizeCoinOf = ({ event }: { event: StreamEvent }) =>
  event.kind === 'position' ? event.sizeCoin : 'not a position';

describe('OKX position pushes with their size in coin', () => {
  it('works out a linear swap size as contracts x contract value, and an inverse one over the mark', () => {
    const { push, out } = decorate({
      'BTC-USDT-SWAP': BTC_USDT_SWAP as Instrument,
      'BTC-USD-SWAP': BTC_USD_SWAP as Instrument,
    });

    push(pushed('BTC-USDT-SWAP', '3'));
    push(pushed('BTC-USD-SWAP', '2'));

    expect(out.map(sizeCoinOf)).toEqual(['0.03', '0.004']);
    expect(out.map(({ key }) => key)).toEqual(['private', 'private']);
  });

  it('passes a push on unchanged while its instrument list has not arrived, asking for it', () => {
    const { push, out, asked } = decorate({});
    const event = pushed('BTC-USDT-SWAP', '3');

    push(event);

    expect(out).toEqual([{ key: 'private', event }]);
    expect(out[0]?.event).toBe(event);
    expect(asked).toEqual(['SWAP BTC-USDT-SWAP']);
  });

  it('leaves positions that already know their size in coin alone', () => {
    const { push, out, asked } = decorate({ 'BTC-USDT-SWAP': BTC_USDT_SWAP as Instrument });
    const known = { ...pushed('BTC-USDT-SWAP', '3'), sizeCoin: '0.03' };

    push(known);

    expect(out[0]?.event).toBe(known);
    expect(asked).toEqual([]);
  });
});

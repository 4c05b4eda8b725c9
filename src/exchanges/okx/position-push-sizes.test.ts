import { describe, expect, it } from 'vitest';
import type { Instrument, PositionUpdateEvent } from '../model';
import type { GroupEvent } from '../transport/socket-group';
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

/** Hands each event through the decorator and keeps what comes out; `known` answers from `lists`. */
function decorate(lists: Partial<Record<string, Instrument>>) {
  const asked: string[] = [];
  const out: GroupEvent<'private'>[] = [];
  const onEvent = withPositionSizesInCoin<'private'>((event) => out.push(event), {
    known: (instType, instId) => {
      asked.push(`${instType} ${instId}`);
      return lists[instId];
    },
  });
  return { onEvent, out, asked };
}

const stream = (event: PositionUpdateEvent): GroupEvent<'private'> => ({
  type: 'stream',
  key: 'private',
  event,
});
const sizeCoinOf = (event: GroupEvent<'private'> | undefined) =>
  event?.type === 'stream' && event.event.kind === 'position' ? event.event.sizeCoin : 'not a position';

describe('OKX position pushes with their size in coin', () => {
  it('works out a linear swap size as contracts x contract value, and an inverse one over the mark', () => {
    const { onEvent, out } = decorate({
      'BTC-USDT-SWAP': BTC_USDT_SWAP as Instrument,
      'BTC-USD-SWAP': BTC_USD_SWAP as Instrument,
    });

    onEvent(stream(pushed('BTC-USDT-SWAP', '3')));
    onEvent(stream(pushed('BTC-USD-SWAP', '2')));

    expect(out.map(sizeCoinOf)).toEqual(['0.03', '0.004']);
  });

  it('passes a push on unchanged while its instrument list has not arrived, asking for it', () => {
    const { onEvent, out, asked } = decorate({});
    const event = stream(pushed('BTC-USDT-SWAP', '3'));

    onEvent(event);

    expect(out).toEqual([event]);
    expect(asked).toEqual(['SWAP BTC-USDT-SWAP']);
  });

  it('leaves socket news and positions that already know their size in coin alone', () => {
    const { onEvent, out, asked } = decorate({ 'BTC-USDT-SWAP': BTC_USDT_SWAP as Instrument });
    const state: GroupEvent<'private'> = {
      type: 'socket',
      key: 'private',
      event: { type: 'state', state: 'connected', previous: 'connecting' },
    };
    const known = stream({ ...pushed('BTC-USDT-SWAP', '3'), sizeCoin: '0.03' });

    onEvent(state);
    onEvent(known);

    expect(out).toEqual([state, known]);
    expect(asked).toEqual([]);
  });
});

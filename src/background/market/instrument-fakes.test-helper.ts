import type { ExchangeId, Instrument } from '../../exchanges';

/** An instrument as the Exchange maps it: a tradable USDT perpetual unless a test says otherwise. */
export function anInstrument(
  exchange: ExchangeId,
  id: string,
  overrides: Partial<Omit<Instrument, 'exchange' | 'id'>> = {},
): Instrument {
  return {
    exchange,
    id,
    category: exchange === 'okx' ? 'SWAP' : 'linear',
    kind: 'perpetual',
    base: 'BTC',
    quote: 'USDT',
    settle: 'USDT',
    contractType: 'linear',
    contractValue: exchange === 'okx' ? '0.01' : '1',
    tickSize: '0.1',
    lotSize: exchange === 'okx' ? '1' : '0.001',
    minSize: exchange === 'okx' ? '1' : '0.001',
    maxLeverage: '100',
    tradable: true,
    expiresAt: undefined,
    ...overrides,
  };
}

import { expect, it } from 'vitest';
import type { Alert, AlertCondition } from '../contracts/alerts';
import { alertSummary } from './alert-summary';

const alertOn = (condition: AlertCondition): Alert => ({
  id: 'a',
  createdAt: 1,
  paused: false,
  sound: false,
  repeat: { mode: 'once' },
  condition,
});
const BYBIT_BTC = { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT' } as const;

it.each<[AlertCondition, string | undefined, [string, string, string]]>([
  [
    { kind: 'price', instrument: BYBIT_BTC, direction: 'below', level: '60000.15', source: 'mark' },
    '0.1',
    ['Bybit', 'BTCUSDT', 'Mark below 60,000.2 USDT'],
  ],
  [
    { kind: 'move', instrument: BYBIT_BTC, percent: '2', windowMinutes: 15 },
    undefined,
    ['Bybit', 'BTCUSDT', 'Moves 2 % in 15 min'],
  ],
  [
    { kind: 'margin', scope: { exchanges: ['bybit'], symbols: ['BTCUSDT', 'ETHUSDT'] }, abovePercent: '80' },
    undefined,
    ['Bybit', 'BTCUSDT, ETHUSDT', 'Margin ratio over 80 %'],
  ],
  [
    { kind: 'fill', scope: { exchanges: ['okx'], symbols: [] }, partial: true },
    undefined,
    ['OKX', 'Every instrument', 'Order fills, also in part'],
  ],
  [
    { kind: 'stop', scope: { exchanges: ['okx'], symbols: [] } },
    undefined,
    ['OKX', 'Every instrument', 'Stop or target fires'],
  ],
  [
    { kind: 'closed', scope: { exchanges: ['okx'], symbols: [] } },
    undefined,
    ['OKX', 'Every instrument', 'Position closes'],
  ],
  [
    { kind: 'funding', scope: { exchanges: ['okx'], symbols: [] }, aboveRate: '0.0005', minutesBefore: 30 },
    undefined,
    ['OKX', 'Every instrument', 'Funding over 0.05 % due in 30 min'],
  ],
])('sums up %j', (condition, tickSize, [exchanges, instrument, words]) => {
  expect(alertSummary(alertOn(condition), tickSize)).toEqual({ exchanges, instrument, condition: words });
});

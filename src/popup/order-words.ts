import type { OrderView } from '../contracts/orders';
import { groupDecimal } from '../contracts/grouped-number';
import { formatPrice } from '../ui/format-price';

/** How one open order reads on its row: prices with their coin, sizes with their unit, the age. */

const BYBIT_QUOTES = ['USDT', 'USDC', 'USD'];

/** BTC-USDT-SWAP -> BTC / USDT; BTCUSDT -> BTC / USDT. Undefined where the symbol does not say. */
export function coinsOf(
  order: Pick<OrderView, 'exchange' | 'symbol'>,
): { base: string; quote: string } | undefined {
  if (order.exchange === 'okx') {
    const [base, quote] = order.symbol.split('-');
    return base === undefined || quote === undefined ? undefined : { base, quote };
  }
  const plain = order.symbol.split('-')[0] ?? order.symbol;
  const quote = BYBIT_QUOTES.find((coin) => plain.endsWith(coin) && plain.length > coin.length);
  return quote === undefined ? undefined : { base: plain.slice(0, -quote.length), quote };
}

function sizeUnit(order: OrderView): string {
  const coins = coinsOf(order);
  if (order.sizeUnit === 'contracts') return 'ct';
  if (order.sizeUnit === 'quote') return coins?.quote ?? '';
  if (order.sizeUnit === 'base') return coins?.base ?? '';
  return '';
}

const withUnit = (value: string, unit: string) => (unit === '' ? value : `${value} ${unit}`);

/** "at 61,000.00 USDT", "trigger 59,000.00 USDT (mark)", "trails 100.00 USDT", "market". */
export function priceWords(order: OrderView): string {
  const quote = coinsOf(order)?.quote ?? '';
  if (order.trigger !== undefined)
    return `trigger ${withUnit(formatPrice(order.trigger), quote)}${order.triggerBy === undefined ? '' : ` (${order.triggerBy})`}`;
  if (order.trailing?.distance !== undefined)
    return `trails ${withUnit(formatPrice(order.trailing.distance), quote)}`;
  if (order.trailing?.ratio !== undefined) return `trails ${String(Number(order.trailing.ratio) * 100)} %`;
  if (order.price !== undefined) return `at ${withUnit(formatPrice(order.price), quote)}`;
  return 'market';
}

/** "0.5 BTC", "2 ct, 0.5 filled", "whole position". */
export function sizeWords(order: OrderView): string {
  if (order.size === undefined) return 'whole position';
  const sized = withUnit(groupDecimal(order.size), sizeUnit(order));
  const filled =
    order.filled === undefined || Number(order.filled) === 0 ? '' : `, ${groupDecimal(order.filled)} filled`;
  return `${sized}${filled}`;
}

/** "3 min" old; nothing when the exchange did not say when it was placed. */
export function ageWords(order: OrderView, now: number): string | undefined {
  if (order.createdAt === undefined) return undefined;
  const seconds = Math.max(0, now - order.createdAt) / 1000;
  if (seconds < 60) return `${String(Math.floor(seconds))} s`;
  if (seconds < 3600) return `${String(Math.floor(seconds / 60))} min`;
  if (seconds < 86_400) return `${String(Math.floor(seconds / 3600))} h`;
  return `${String(Math.floor(seconds / 86_400))} d`;
}

import type { SimOrder } from '../../accounts/types.js';

/**
 * How OKX tells who made an order (docs/protocol.md "Order origin"): `category` for the risk engine's
 * orders, `source` for an order a TP/SL (7) or trailing stop (25) algo order placed when it triggered.
 */
export const OKX_CATEGORY: Readonly<Record<SimOrder['origin'], string>> = {
  user: 'normal',
  stop: 'normal',
  target: 'normal',
  trailing: 'normal',
  liquidation: 'full_liquidation',
  adl: 'adl',
};
export const OKX_SOURCE: Readonly<Partial<Record<SimOrder['origin'], string>>> = {
  stop: '7',
  target: '7',
  trailing: '25',
};

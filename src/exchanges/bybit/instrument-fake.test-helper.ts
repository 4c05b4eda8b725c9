/** A linear perpetual row of GET /v5/market/instruments-info, for tests. Nothing in production imports this file. */
export const bybitLinearRow = (symbol: string) => ({
  symbol,
  status: 'Trading',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  contractType: 'LinearPerpetual',
  priceFilter: { tickSize: '0.1' },
  lotSizeFilter: { qtyStep: '0.001', minOrderQty: '0.001' },
});

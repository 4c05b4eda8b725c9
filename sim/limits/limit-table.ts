/**
 * Per-endpoint request limits (docs/protocol.md "Rate limits"). Bybit: per UID, rolling 1 s windows, defaults from
 * the UTA Pro table. OKX: "N requests per 2 s" derived from ccxt costs (docs/protocol.md "OKX rate limits", unconfirmed by OKX).
 */
export const BYBIT_WINDOW_MS = 1000;
export const OKX_WINDOW_MS = 2000;

/** OKX's answer past a limit, on REST (with HTTP 429) and on the socket order operations (docs/protocol.md "OKX rate limits"). */
export const OKX_RATE_LIMITED = {
  code: '50011',
  msg: 'Rate limit reached. Please refer to API documentation and throttle requests accordingly',
} as const;

/** Bybit's answer past a limit, on REST and on the /v5/trade stream (docs/protocol.md "Bybit rate limits"). */
export const BYBIT_RATE_LIMITED = {
  retCode: 10006,
  retMsg: 'Too many visits. Exceeded the API Rate Limit.',
} as const;

const BYBIT_LIMITS: Readonly<Record<string, number>> = {
  '/v5/order/create': 10,
  '/v5/order/amend': 10,
  '/v5/order/cancel': 10,
  '/v5/order/cancel-all': 10,
  '/v5/order/create-batch': 10,
  '/v5/order/amend-batch': 10,
  '/v5/order/cancel-batch': 10,
  '/v5/order/realtime': 50,
  '/v5/order/history': 50,
  '/v5/execution/list': 50,
  '/v5/position/list': 50,
  '/v5/position/trading-stop': 10,
  '/v5/position/set-leverage': 10,
  '/v5/position/switch-mode': 10,
  '/v5/account/wallet-balance': 50,
};
const BYBIT_DEFAULT_LIMIT = 50;

const OKX_LIMITS: Readonly<Record<string, number>> = {
  'GET /api/v5/public/time': 10,
  'GET /api/v5/market/ticker': 20,
  'GET /api/v5/market/tickers': 20,
  'GET /api/v5/market/books': 40,
  'GET /api/v5/public/instruments': 20,
  'GET /api/v5/account/balance': 10,
  'GET /api/v5/account/positions': 10,
  'POST /api/v5/trade/order': 60,
  'POST /api/v5/trade/cancel-order': 60,
  'POST /api/v5/trade/amend-order': 60,
  // Batch endpoints count orders, not requests: 300 orders per 2 s.
  'POST /api/v5/trade/batch-orders': 300,
  'POST /api/v5/trade/cancel-batch-orders': 300,
  'POST /api/v5/trade/batch-amend-orders': 300,
  'POST /api/v5/trade/close-position': 20,
  // 1 request per second (docs/protocol.md "Cancel all after").
  'POST /api/v5/trade/cancel-all-after': 2,
  'GET /api/v5/trade/order': 60,
  'GET /api/v5/trade/fills': 60,
  'GET /api/v5/account/positions-history': 10,
  'GET /api/v5/market/candles': 40,
  'GET /api/v5/market/mark-price-candles': 20,
};
const OKX_DEFAULT_LIMIT = 20;

export const bybitLimitOf = (path: string): number => BYBIT_LIMITS[path] ?? BYBIT_DEFAULT_LIMIT;
export const okxLimitOf = (method: string, path: string): number =>
  OKX_LIMITS[`${method} ${path}`] ?? OKX_DEFAULT_LIMIT;

/**
 * OKX batch endpoints are weighted by how many orders the body carries. `readJson` parses the body,
 * and is called for batch paths only: every other call weighs 1 without a parse.
 */
export function okxWeightOf(path: string, readJson: () => unknown): number {
  if (!path.includes('batch')) return 1;
  const json = readJson();
  return Array.isArray(json) ? Math.max(1, json.length) : 1;
}

/** The WS trade ops share the REST endpoint's budget (docs/protocol.md "Bybit rate limits", "Bybit trade socket"). */
export const BYBIT_WS_OP_PATH: Readonly<Record<string, string>> = {
  'order.create': '/v5/order/create',
  'order.amend': '/v5/order/amend',
  'order.cancel': '/v5/order/cancel',
  'order.create-batch': '/v5/order/create-batch',
  'order.amend-batch': '/v5/order/amend-batch',
  'order.cancel-batch': '/v5/order/cancel-batch',
};

/** OKX WS order operations and the REST endpoint whose budget each one uses. */
export const OKX_WS_OP_PATH: Readonly<Record<string, string>> = {
  order: '/api/v5/trade/order',
  'batch-orders': '/api/v5/trade/batch-orders',
  'cancel-order': '/api/v5/trade/cancel-order',
  'batch-cancel-orders': '/api/v5/trade/cancel-batch-orders',
  'amend-order': '/api/v5/trade/amend-order',
  'batch-amend-orders': '/api/v5/trade/batch-amend-orders',
};

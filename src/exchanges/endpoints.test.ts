import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BYBIT_ROUTES } from './bybit/endpoints';
import { BYBIT_FUNDS_MOVING_ROUTES } from './bybit/endpoints-funds-moving';
import { createBybitRestClient } from './bybit/rest';
import { OKX_ROUTES } from './okx/endpoints';
import { OKX_FUNDS_MOVING_ROUTES } from './okx/endpoints-funds-moving';
import { createOkxRestClient } from './okx/rest';
import { createFakeFetch, createManualTime, fakeResponse } from './transport/http-fake.test-helper';
import { describeRoute, nameRoutes, type Route } from './transport/http-routes';

/**
 * Convention test: every row of the SDK inventories (docs/protocol.md "The REST endpoint inventories", copied beside each
 * route table) is a route, in the product table or the funds-moving one, and every route sends the right
 * method and path, signed exactly when private.
 */

interface InventoryRow {
  readonly method: string;
  readonly path: string;
  readonly auth: string;
}

function readInventory(file: string): InventoryRow[] {
  const [, ...lines] = readFileSync(new URL(file, import.meta.url), 'utf8')
    .trim()
    .split('\n');
  return lines.map((line) => {
    const [method = '', path = '', auth = ''] = line.split('\t');
    return { method, path, auth };
  });
}

const time = createManualTime(1704067200000);
const okxFake = createFakeFetch(fakeResponse(200, { code: '0', msg: '', data: [] }));
const bybitFake = createFakeFetch(fakeResponse(200, { retCode: 0, retMsg: 'OK', result: {} }));
const deps = { timers: time, clock: time };
const okx = createOkxRestClient({
  ...deps,
  fetch: okxFake.fetch,
  credentials: { apiKey: 'k', secret: 's', passphrase: 'p' },
});
const bybit = createBybitRestClient({
  ...deps,
  fetch: bybitFake.fetch,
  credentials: { apiKey: 'k', secret: 's' },
});

describe.each([
  {
    exchange: 'okx',
    routes: [...Object.values(OKX_ROUTES), ...Object.values(OKX_FUNDS_MOVING_ROUTES)],
    inventory: readInventory('./okx/endpoints-inventory.tsv'),
    expectedRows: 362,
    send: (route: Route) => okx.call(route as (typeof OKX_ROUTES)[keyof typeof OKX_ROUTES]),
    requests: okxFake.requests,
    host: 'https://www.okx.com',
    signHeader: 'OK-ACCESS-SIGN',
  },
  {
    exchange: 'bybit',
    routes: [...Object.values(BYBIT_ROUTES), ...Object.values(BYBIT_FUNDS_MOVING_ROUTES)],
    inventory: readInventory('./bybit/endpoints-inventory.tsv'),
    expectedRows: 383,
    send: (route: Route) => bybit.call(route as (typeof BYBIT_ROUTES)[keyof typeof BYBIT_ROUTES]),
    requests: bybitFake.requests,
    host: 'https://api.bybit.com',
    signHeader: 'X-BAPI-SIGN',
  },
])('$exchange route table', ({ routes, inventory, expectedRows, send, requests, host, signHeader }) => {
  const byEndpoint = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]));

  it('has every inventory row with its method, path and auth', () => {
    expect(inventory).toHaveLength(expectedRows);
    for (const row of inventory) {
      const route = byEndpoint.get(`${row.method} ${row.path}`);
      expect(route, `${row.method} ${row.path}`).toBeDefined();
      expect(route?.auth, `${row.method} ${row.path}`).toBe(
        row.auth.startsWith('private') ? 'private' : 'public',
      );
      expect(route?.multipart === true, `${row.method} ${row.path}`).toBe(row.auth.includes('multipart'));
    }
  });

  it('has no route the inventory lacks, and unique camelCase names', () => {
    const inventoryEndpoints = new Set(inventory.map((row) => `${row.method} ${row.path}`));
    expect(routes.length).toBe(inventoryEndpoints.size);
    for (const route of routes) {
      expect(inventoryEndpoints.has(`${route.method} ${route.path}`), route.name).toBe(true);
      expect(route.name).toMatch(/^(get|post)[A-Z][A-Za-z0-9]*$/);
      expect(route.weight).toBeGreaterThan(0);
    }
  });

  it('sends every route with its method and path, signed exactly when private', async () => {
    for (const route of routes.filter((candidate) => candidate.multipart !== true)) {
      requests.length = 0;
      await send(route);
      const [request] = requests;
      expect(request?.url, route.name).toBe(host + route.path);
      expect(request?.init.method, route.name).toBe(route.method);
      expect(request?.init.body, route.name).toBe(route.method === 'POST' ? '{}' : undefined);
      expect(signHeader in (request?.init.headers ?? {}), route.name).toBe(route.auth === 'private');
    }
  });
});

/** What a funds-moving route's path says, in either exchange's words. */
const FUNDS_MOVING_WORDS =
  /withdraw|transfer|convert|borrow|repay|loan|lightning|redeem|purchase|stake|subscribe|place-order|apikey|-api$|award/;
/** Product-table POSTs whose path has such a word but which only read or take rights away (reviewed). */
const READS_BY_POST = new Set([
  'POST /api/v5/finance/flexible-loan/max-loan',
  'POST /v5/crypto-loan-common/max-loan',
  'POST /v5/broker/award/info',
  'POST /v5/broker/award/distribution-record',
  'POST /v5/user/delete-api',
  'POST /v5/user/delete-sub-api',
]);

describe.each([
  {
    exchange: 'okx',
    product: Object.values<Route>(OKX_ROUTES),
    fundsMoving: Object.values<Route>(OKX_FUNDS_MOVING_ROUTES),
  },
  {
    exchange: 'bybit',
    product: Object.values<Route>(BYBIT_ROUTES),
    fundsMoving: Object.values<Route>(BYBIT_FUNDS_MOVING_ROUTES),
  },
])('$exchange funds-moving routes', ({ product, fundsMoving }) => {
  it('are all outside the table the rest client is typed to', () => {
    const productEndpoints = new Set(product.map(describeRoute));

    expect(fundsMoving.filter((route) => productEndpoints.has(describeRoute(route)))).toEqual([]);
  });

  it('include every POST of the catalogue whose path says it moves funds (a new one lands in the wrong file)', () => {
    const stray = product
      .map(describeRoute)
      .filter((endpoint) => endpoint.startsWith('POST ') && FUNDS_MOVING_WORDS.test(endpoint))
      .filter((endpoint) => !READS_BY_POST.has(endpoint));

    expect(stray).toEqual([]);
  });
});

describe('route helpers', () => {
  it('types each client to its own routes, none of them funds-moving', () => {
    // Never called: the check is the compiler's (tsc -p tsconfig.json includes tests).
    const withdraw = () =>
      // @ts-expect-error the rest client is typed to the product table, which has no withdrawal
      okx.call(OKX_FUNDS_MOVING_ROUTES.postAssetWithdrawal);
    expect(typeof withdraw).toBe('function');
    const wrongExchange = () =>
      // @ts-expect-error a Bybit route is not an OKX route
      okx.call(BYBIT_ROUTES.getMarketTime);
    expect(typeof wrongExchange).toBe('function');
  });

  it('names routes by their key', () => {
    const routes = nameRoutes({
      getThing: { method: 'GET', path: '/x', auth: 'public', weight: 1 },
    } as const);
    expect(routes.getThing.name).toBe('getThing');
  });

  it('carries OKX weights from ccxt costs', () => {
    expect(OKX_ROUTES.postTradeOrder.weight).toBeCloseTo(1 / 3);
    expect(OKX_ROUTES.postTradeBatchOrders.weight).toBeCloseTo(1 / 15);
    expect(OKX_ROUTES.getPublicTime.weight).toBe(2);
  });
});

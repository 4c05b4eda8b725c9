import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BYBIT_ROUTES } from './bybit/endpoints';
import { createBybitRestClient } from './bybit/rest';
import { OKX_ROUTES } from './okx/endpoints';
import { createOkxRestClient } from './okx/rest';
import { createFakeFetch, createManualTime, fakeResponse } from './transport/http-fake.test-helper';
import { nameRoutes, type Route } from './transport/http-routes';

/**
 * Convention test: every row of the SDK inventories (docs/protocol.md "The REST endpoint inventories", copied beside each
 * route table) is a route, and every route sends the right method and path, signed exactly when private.
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
    routes: Object.values(OKX_ROUTES),
    inventory: readInventory('./okx/endpoints-inventory.tsv'),
    expectedRows: 362,
    send: (route: Route) => okx.call(route as (typeof OKX_ROUTES)[keyof typeof OKX_ROUTES]),
    requests: okxFake.requests,
    host: 'https://www.okx.com',
    signHeader: 'OK-ACCESS-SIGN',
  },
  {
    exchange: 'bybit',
    routes: Object.values(BYBIT_ROUTES),
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

describe('route helpers', () => {
  it('types each client to its own routes', () => {
    // Never called: the check is the compiler's (tsc -p tsconfig.json includes tests).
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

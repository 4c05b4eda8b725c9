// The market setting reads the build mode from import.meta.env, which Vite provides.
/// <reference types="vite/client" />
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSearchInstrumentsHandler } from '../../src/background/handlers/search-instruments';
import { createEndpointPolicy } from '../../src/background/market/endpoint-policy';
import {
  createMarketEndpointReader,
  marketEndpointSetting,
} from '../../src/background/market/endpoint-setting';
import { createInstrumentLists } from '../../src/background/market/instrument-lists';
import { createFakeCredentials } from '../../src/background/profiles/profile-fakes.test-helper';
import { createProfileServices, type ProfileServices } from '../../src/background/profiles/wire-profiles';
import { dispatchMessage } from '../../src/platform/message-dispatch';
import { unusedHandlers } from '../../src/platform/message-handlers.test-helper';
import { trackedRuntime } from './profile-harness';
import { useSimulator } from './rest-harness';
import { realClock } from './ws-harness';

/**
 * Instrument search as the worker wires it: the profile registry's Exchange for the simulator, the
 * shared instrument lists, the message router. The simulator lists BTC, ETH and SOL against USDT.
 */
const { sim, admin } = useSimulator(21);

let services: ProfileServices;
let search: (payload: object) => ReturnType<typeof dispatchMessage>;

beforeEach(async () => {
  fakeBrowser.reset();
  await marketEndpointSetting.setValue({ environment: 'simulator', restUrl: sim().url, wsUrl: sim().wsUrl });
  services = createProfileServices({
    buildMode: 'development',
    credentials: createFakeCredentials(),
    readEndpoint: createMarketEndpointReader('development', createEndpointPolicy('development')),
    watchEndpoint: (listener) => marketEndpointSetting.watch(listener),
    runtime: trackedRuntime().runtime,
    now: () => Date.now(),
  });
  const handlers = {
    ...unusedHandlers(),
    searchInstruments: createSearchInstrumentsHandler({
      registry: services.registry,
      lists: createInstrumentLists(realClock),
    }),
  };
  search = (payload) => dispatchMessage({ perch: 1, name: 'searchInstruments', payload }, 'popup', handlers);
});
afterEach(async () => {
  for (const id of ['okx', 'bybit'] as const) (await services.registry.exchange(id))?.close();
});

const EXPECTED = {
  okx: {
    perpetual: { symbol: 'BTC-USDT-SWAP', contractType: 'linear', tickSize: '0.1', lotSize: '0.01' },
    spot: { symbol: 'BTC-USDT', tickSize: '0.1', lotSize: '0.00000001' },
  },
  bybit: {
    perpetual: { symbol: 'BTCUSDT', contractType: 'linear', tickSize: '0.10', lotSize: '0.001' },
    spot: { symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.000001' },
  },
} as const;

/** The simulator's BTC instruments; Bybit also lists its inverse perpetual. */
const FOUND = {
  okx: ['perpetual BTC-USDT-SWAP', 'spot BTC-USDT'],
  bybit: ['perpetual BTCUSDT', 'perpetual BTCUSD', 'spot BTCUSDT'],
};

describe.each(['okx', 'bybit'] as const)('instrument search on the %s simulator', (id) => {
  it('finds every BTC instrument, perpetuals first, with the steps the exchange lists', async () => {
    const reply = await search({ exchange: id, query: 'btc' });
    if (!reply.ok) throw new Error(reply.error.message);
    const { instruments } = reply.data as { instruments: Record<string, unknown>[] };
    expect(instruments.map((each) => `${String(each.kind)} ${String(each.symbol)}`)).toEqual(FOUND[id]);
    expect(instruments.find((each) => each.kind === 'perpetual' && each.quote === 'USDT')).toEqual({
      exchange: id,
      kind: 'perpetual',
      base: 'BTC',
      quote: 'USDT',
      settle: 'USDT',
      ...EXPECTED[id].perpetual,
    });
    expect(instruments.find((each) => each.kind === 'spot')).toMatchObject(EXPECTED[id].spot);
  });

  it('says in words that the exchange did not answer', async () => {
    await admin('faults', { httpStatus: 502 });
    const reply = await search({ exchange: id, query: 'eth', kind: 'spot' });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        name: 'ExchangeNotConnectedError',
        message: expect.stringMatching(
          new RegExp(`^${id === 'okx' ? 'OKX' : 'Bybit'} did not answer: .*HTTP 502.*search again\\.$`),
        ) as unknown,
      },
    });
  });
});

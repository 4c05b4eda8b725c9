import { describe, expect, it, vi } from 'vitest';
import bybitFrames from '../../tests/fixtures/ws/bybit-frames.json';
import okxFrames from '../../tests/fixtures/ws/okx-frames.json';
import { NetworkError } from './errors';
import type { RestResult } from './transport/http-types';
import { useFakeSockets, type FakeSocket, type FakeSocketRig } from './transport/socket-fake.test-helper';
import { bybitTradeClient, okxTradeClient } from './ws-trade.test-helper';

/** One exchange's WS trade client on fake sockets, logged in, with the replies it is sent. */
interface TradeCase {
  /** A logged-in client and its socket; `place` sends one order. */
  start(rig: FakeSocketRig): Promise<{ place: () => Promise<RestResult<unknown>>; socket: FakeSocket }>;
  /** Accepts the first request (id "t1"). */
  readonly accepted: object;
  /** Refuses the first request, and the error code the caller sees. */
  readonly refused: object;
  readonly refusedCode: string;
  readonly endpoint: string;
}

const cases: Record<'okx' | 'bybit', TradeCase> = {
  okx: {
    start: async (rig) => {
      const { trade, socket } = await okxTradeClient(rig);
      const order = { instId: 'BTC-USDT-SWAP', tdMode: 'cross', side: 'buy', ordType: 'market', sz: '1' };
      return { place: () => trade.placeOrder(order), socket };
    },
    accepted: { ...okxFrames.tradeOrderAck, id: 't1' },
    refused: { ...okxFrames.tradeOrderRejected, id: 't1' },
    refusedCode: '51119',
    endpoint: 'WS order',
  },
  bybit: {
    start: async (rig) => {
      const { trade, socket } = await bybitTradeClient(rig);
      const order = { category: 'linear', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '0.001' };
      return { place: () => trade.createOrder(order), socket };
    },
    accepted: { ...bybitFrames.tradeCreateOk, reqId: 't1' },
    refused: { ...bybitFrames.tradeCreateRejected, reqId: 't1' },
    refusedCode: '110007',
    endpoint: 'WS order.create',
  },
};

describe.each(['okx', 'bybit'] as const)('%s WS trading', (exchange) => {
  const spec = cases[exchange];
  const rig = useFakeSockets();
  const loggedIn = () => spec.start(rig);

  it('judges a reply as the socket parsed it, without parsing it a second time', async () => {
    const { place, socket } = await loggedIn();
    const placed = place();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      socket.receive(spec.accepted);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
    expect(await placed).toMatchObject({ endpoint: spec.endpoint, httpStatus: 200, raw: spec.accepted });
  });

  it('rejects a refused order with the same named error as REST', async () => {
    const { place, socket } = await loggedIn();
    const placed = place();
    socket.receive(spec.refused);
    await expect(placed).rejects.toMatchObject({
      name: 'ExchangeError',
      code: spec.refusedCode,
      exchange,
      endpoint: spec.endpoint,
    });
  });

  it('times out a request whose reply never comes', async () => {
    const { place } = await loggedIn();
    const placed = place();
    rig.time.advance(10_000);
    await expect(placed).rejects.toMatchObject({
      name: 'TimeoutError',
      endpoint: spec.endpoint,
      timeoutMs: 10_000,
    });
  });

  it('fails waiting requests at once when the socket drops', async () => {
    const { place, socket } = await loggedIn();
    const placed = place();
    socket.serverClose();
    const error: unknown = await placed.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('refuses to send while the socket is down so the caller can fall back to REST', async () => {
    const { place, socket } = await loggedIn();
    const sentBefore = socket.sent.length;
    socket.serverClose();
    await expect(place()).rejects.toMatchObject({ name: 'NetworkError', endpoint: spec.endpoint });
    expect(socket.sent).toHaveLength(sentBefore);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import bybitFrames from '../../tests/fixtures/ws/bybit-frames.json';
import okxFrames from '../../tests/fixtures/ws/okx-frames.json';
import { createExchangeRig } from './exchange-fake.test-helper';
import type { Exchange, OrderRequest } from './exchange-types';
import type { ExchangeId, Position } from './model';
import { createFakeFetch, fakeResponse, type FakeFetch } from './transport/http-fake.test-helper';
import type { FakeSocket, FakeSockets } from './transport/socket-fake.test-helper';
import type { FakeTime } from './transport/time-fake.test-helper';

/** Per exchange: keys, the trade socket, its login answer, and a REST and a socket order reply. */
const CASES = {
  okx: {
    credentials: { apiKey: 'k', secret: 's', passphrase: 'p' },
    instrument: { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' },
    tradePath: '/ws/v5/private',
    loginOk: okxFrames.loginOk,
    restAck: { code: '0', msg: '', data: [{ ordId: 'r1', clOrdId: 'mine', sCode: '0', sMsg: '' }] },
    socketAck: (id: string) => ({ ...okxFrames.tradeOrderAck, id }),
    placeOp: 'order',
    idField: 'clOrdId',
    orderPath: '/api/v5/trade/order',
    // Not close-position: an order names the side and size it may reduce (docs/protocol.md "OKX positions").
    closeOrder: { side: 'sell', ordType: 'market', sz: '3', reduceOnly: true, clOrdId: 'perchclose1' },
  },
  bybit: {
    credentials: { apiKey: 'k', secret: 's' },
    instrument: { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
    tradePath: '/v5/trade',
    loginOk: bybitFrames.authOkTrade,
    restAck: { retCode: 0, retMsg: 'OK', result: { orderId: 'r1', orderLinkId: 'mine' }, time: 1 },
    socketAck: (id: string) => ({ ...bybitFrames.tradeCreateOk, reqId: id }),
    placeOp: 'order.create',
    idField: 'orderLinkId',
    orderPath: '/v5/order/create',
    closeOrder: { side: 'Sell', orderType: 'Market', qty: '3', reduceOnly: true, orderLinkId: 'perchclose1' },
  },
} as const;

interface TradeFrame {
  readonly id?: string;
  readonly reqId?: string;
  readonly op?: string;
  readonly args?: Record<string, unknown>[];
}

describe.each(['okx', 'bybit'] as const)('%s Exchange trading', (id: ExchangeId) => {
  const spec = CASES[id];
  const order: OrderRequest = { instrument: spec.instrument, side: 'buy', type: 'market', size: '1' };
  const oneWayLong: Position = {
    exchange: id,
    symbol: spec.instrument.symbol,
    category: id === 'okx' ? 'SWAP' : 'linear',
    instrumentKind: 'perpetual',
    side: 'long',
    sizeContracts: '3',
    sizeCoin: undefined,
    entryPrice: undefined,
    markPrice: undefined,
    liquidationPrice: undefined,
    unrealisedPnl: undefined,
    leverage: undefined,
    marginMode: 'cross',
    positionMode: 'one-way',
    positionSlot: 'one-way',
    updatedAt: undefined,
  };
  let time: FakeTime;
  let sockets: FakeSockets;
  let fetch: FakeFetch;
  let exchange: Exchange;

  beforeEach(() => {
    const answers = createFakeFetch(fakeResponse(200, spec.restAck));
    ({ time, sockets, fetch, exchange } = createExchangeRig(id, {
      fetch: answers,
      credentials: spec.credentials,
    }));
  });

  async function loggedInTradeSocket(): Promise<FakeSocket> {
    time.advance(0);
    const socket = sockets.all.find((s) => s.url.endsWith(spec.tradePath));
    if (socket === undefined) throw new Error(`no socket at ${spec.tradePath}`);
    socket.open();
    await vi.waitFor(() => {
      expect(socket.sent).toHaveLength(1);
    });
    socket.receive(spec.loginOk);
    return socket;
  }

  /** The order frame just sent (Bybit sends after an await: the category lookup). */
  async function sentOrder(socket: FakeSocket): Promise<TradeFrame | undefined> {
    await time.flush();
    return (socket.sentJson() as TradeFrame[]).at(-1);
  }

  it('trades over REST while the trade socket is not logged in, with a client order id made for it', async () => {
    expect(exchange.trade.overSocket).toBe(false);
    const ack = await exchange.trade.place(order);
    expect(ack).toMatchObject({ exchange: id, orderId: 'r1', code: '0' });
    const body = JSON.parse(String(fetch.requests[0]?.init.body)) as Record<string, unknown>;
    expect(body[spec.idField]).toMatch(/^perch[0-9a-z]+$/);
  });

  it('trades over the socket once it is logged in, answering the same OrderAck', async () => {
    const socket = await loggedInTradeSocket();
    expect(exchange.trade.overSocket).toBe(true);
    const placed = exchange.trade.place({ ...order, clientOrderId: 'mine' });
    const frame = await sentOrder(socket);
    expect(frame?.op).toBe(spec.placeOp);
    expect(frame?.args?.[0]?.[spec.idField]).toBe('mine');
    socket.receive(spec.socketAck(frame?.id ?? frame?.reqId ?? ''));
    expect(await placed).toMatchObject({ exchange: id, code: '0' });
    expect(fetch.requests).toEqual([]);
  });

  it('closes a position over the socket with a reduce-only order the other way', async () => {
    const socket = await loggedInTradeSocket();
    const closing = exchange.trade.close(oneWayLong);
    const frame = await sentOrder(socket);
    expect(frame?.args?.[0]).toMatchObject({ side: id === 'okx' ? 'sell' : 'Sell', reduceOnly: true });
    socket.receive(spec.socketAck(frame?.id ?? frame?.reqId ?? ''));
    expect(await closing).toMatchObject({ exchange: id, code: '0' });
  });

  it('closes a position over REST with the same order: the other way, its size, reduce-only', async () => {
    const ack = await exchange.trade.close(oneWayLong, 'perchclose1');

    expect(ack).toMatchObject({ exchange: id, orderId: 'r1', code: '0' });
    expect(fetch.requests.map((request) => new URL(request.url).pathname)).toEqual([spec.orderPath]);
    expect(JSON.parse(String(fetch.requests[0]?.init.body))).toMatchObject(spec.closeOrder);
  });
});

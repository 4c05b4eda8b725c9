import { describe, expect, it } from 'vitest';
import frames from '../../../tests/fixtures/ws/bybit-frames.json';
import { fakeStreamOptions, useFakeSockets } from '../transport/socket-fake.test-helper';
import { bybitTradeClient } from '../ws-trade.test-helper';
import { createBybitStreams } from './streams';
import { createBybitWsTrade } from './ws-trade';

const ORDER = {
  category: 'linear',
  symbol: 'BTCUSDT',
  side: 'Buy',
  orderType: 'Market',
  qty: '0.001',
  orderLinkId: 'perch9',
};

describe('Bybit WS trading', () => {
  const rig = useFakeSockets();

  const tradeClient = () => bybitTradeClient(rig);

  it('authenticates on the trade stream and sends order.create with reqId and timestamp header', async () => {
    const { trade, socket } = await tradeClient();
    expect(socket.url).toBe('ws://127.0.0.1:9/v5/trade');
    expect(socket.sentJson()[0]).toMatchObject({
      op: 'auth',
      args: ['test-key', 1704067205000, expect.any(String)],
    });
    const created = trade.createOrder(ORDER);
    expect(socket.sentJson().at(-1)).toEqual({
      reqId: 't1',
      header: { 'X-BAPI-TIMESTAMP': '1704067200000', 'X-BAPI-RECV-WINDOW': '5000' },
      op: 'order.create',
      args: [ORDER],
    });
    socket.receive({ ...frames.tradeCreateOk, reqId: 't1' });
    const result = await created;
    expect(result.data).toEqual({ orderId: '1321003749386327552', orderLinkId: 'perch9' });
    expect(result.rateLimit).toEqual({ remaining: 9, limit: 10, resetAt: 1711001595208 });
  });

  it('refuses WS trading in demo trading, where Bybit has no trade stream', () => {
    const streams = createBybitStreams({
      ...fakeStreamOptions(rig),
      hosts: { environment: 'demo' },
      credentials: { apiKey: 'test-key', secret: 'test-secret' },
    });
    expect(() => createBybitWsTrade({ streams, clock: rig.time.clock, timers: rig.time.timers })).toThrow(
      'Bybit demo trading has no WebSocket trade stream. Send orders over REST instead.',
    );
  });

  it('wraps batch requests as {category, request}', async () => {
    const { trade, socket } = await tradeClient();
    void trade.cancelOrders('linear', [{ symbol: 'BTCUSDT', orderId: 'a' }]).catch(() => undefined);
    expect(socket.sentJson().at(-1)).toMatchObject({
      op: 'order.cancel-batch',
      args: [{ category: 'linear', request: [{ symbol: 'BTCUSDT', orderId: 'a' }] }],
    });
  });

  it('refuses a batch larger than Bybit allows (20, spot 10) without sending it', async () => {
    const { trade, socket } = await tradeClient();
    const sentBefore = socket.sent.length;
    const orders = Array.from({ length: 11 }, (_, i) => ({ symbol: 'BTCUSDT', orderId: String(i) }));
    await expect(trade.cancelOrders('spot', orders)).rejects.toMatchObject({
      name: 'ConfigError',
      message: 'Bybit order.cancel-batch takes at most 10 spot orders per request; got 11.',
    });
    expect(socket.sent).toHaveLength(sentBefore);
    void trade.cancelOrders('linear', orders).catch(() => undefined);
    expect(socket.sent).toHaveLength(sentBefore + 1);
  });

  it('recognises a rate-limited request as a RateLimitError', async () => {
    const { trade, socket } = await tradeClient();
    const created = trade.createOrder(ORDER);
    socket.receive({
      ...frames.tradeCreateRejected,
      reqId: 't1',
      retCode: 10006,
      retMsg: 'Too many visits!',
    });
    await expect(created).rejects.toMatchObject({ name: 'RateLimitError', code: '10006' });
  });
});

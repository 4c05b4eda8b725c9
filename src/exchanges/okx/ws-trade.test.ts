import { describe, expect, it } from 'vitest';
import frames from '../../../tests/fixtures/ws/okx-frames.json';
import { useFakeSockets } from '../transport/socket-fake.test-helper';
import { okxTradeClient } from '../ws-trade.test-helper';

const ORDER = {
  instId: 'BTC-USDT-SWAP',
  tdMode: 'cross',
  side: 'buy',
  ordType: 'market',
  sz: '1',
  clOrdId: 'perch7',
};

describe('OKX WS trading', () => {
  const rig = useFakeSockets();

  const tradeClient = () => okxTradeClient(rig);

  it('sends the order op on the private socket and resolves with the matched acks', async () => {
    const { trade, socket } = await tradeClient();
    expect(trade.ready).toBe(true);
    const placed = trade.placeOrder(ORDER);
    expect(socket.url).toBe('ws://127.0.0.1:9/ws/v5/private');
    expect(socket.sentJson().at(-1)).toEqual({ id: 't1', op: 'order', args: [ORDER] });
    socket.receive({ ...frames.tradeOrderAck, id: 't1' });
    const result = await placed;
    expect(result.data).toEqual([
      expect.objectContaining({ ordId: '680800019749904390', clOrdId: 'perch7', sCode: '0' }),
    ]);
    expect(result.endpoint).toBe('WS order');
  });

  it('matches replies by id when several requests are in flight', async () => {
    const { trade, socket } = await tradeClient();
    const first = trade.cancelOrder({ instId: 'BTC-USDT-SWAP', ordId: 'a' });
    const second = trade.amendOrders([{ instId: 'BTC-USDT-SWAP', ordId: 'b', newSz: '2' }]);
    expect(
      socket
        .sentJson()
        .slice(-2)
        .map((f) => (f as { op: string }).op),
    ).toEqual(['cancel-order', 'batch-amend-orders']);
    socket.receive({
      ...frames.tradeOrderAck,
      id: 't2',
      op: 'batch-amend-orders',
      data: [{ ordId: 'b', clOrdId: '', sCode: '0', sMsg: '' }],
    });
    socket.receive({
      ...frames.tradeOrderAck,
      id: 't1',
      op: 'cancel-order',
      data: [{ ordId: 'a', clOrdId: '', sCode: '0', sMsg: '' }],
    });
    expect((await first).data[0]?.ordId).toBe('a');
    expect((await second).data[0]?.ordId).toBe('b');
  });

  it('rejects a reply whose acks have an undocumented shape, naming the bad field', async () => {
    const { trade, socket } = await tradeClient();
    const placed = trade.placeOrder(ORDER);
    socket.receive({ ...frames.tradeOrderAck, id: 't1', data: [{ ordId: 680800, sCode: '0' }] });
    await expect(placed).rejects.toMatchObject({
      name: 'InvalidResponseError',
      endpoint: 'WS order',
      problem: expect.stringContaining('0.ordId') as unknown,
    });
  });

  it('rejects a request OKX refuses with an error event naming its id', async () => {
    const { trade, socket } = await tradeClient();
    const placed = trade.placeOrder(ORDER);
    socket.receive({
      id: 't1',
      event: 'error',
      code: '60012',
      msg: 'Invalid request: {"op": "order"}',
      connId: 'a1',
    });
    await expect(placed).rejects.toMatchObject({
      name: 'ExchangeError',
      code: '60012',
      endpoint: 'WS order',
    });
  });
});

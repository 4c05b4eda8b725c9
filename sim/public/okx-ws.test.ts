import WebSocket from 'ws';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSimulator } from '../server/sim-harness.test-helper';
import { sendOkxMaintenanceNotice } from './install-sockets';

type Json = Record<string, unknown>;
const isEvent =
  (event: string) =>
  (_: string, json: unknown): boolean =>
    (json as Json | undefined)?.event === event;
const isPush =
  (channel: string) =>
  (_: string, json: unknown): boolean =>
    ((json as Json | undefined)?.arg as Json | undefined)?.channel === channel && 'data' in (json as Json);

// Idle disconnects are proven on fake time in sim/server/idle-sockets.test.ts.
const harness = useSimulator({ seed: 31, tickMs: 20 });
const open = harness.open;

describe('OKX public WebSocket', () => {
  it('answers the text ping with the text pong', async () => {
    const socket = await open('/ws/v5/public');
    socket.send('ping');
    expect((await socket.next()).text).toBe('pong');
  });

  it('acks a subscribe per arg with the request id and connId, then pushes tickers', async () => {
    const socket = await open('/ws/v5/public');
    socket.send({ id: '7', op: 'subscribe', args: [{ channel: 'tickers', instId: 'BTC-USDT-SWAP' }] });
    const ack = (await socket.next(isEvent('subscribe'))).json as Json;
    expect(ack).toMatchObject({
      id: '7',
      event: 'subscribe',
      arg: { channel: 'tickers', instId: 'BTC-USDT-SWAP' },
    });
    expect(ack.connId).toMatch(/^[0-9a-f]{8}$/);
    const push = (await socket.next(isPush('tickers'))).json as { arg: Json; data: Json[] };
    expect(push.arg).toEqual({ channel: 'tickers', instId: 'BTC-USDT-SWAP' });
    expect(push.data[0]).toMatchObject({
      instType: 'SWAP',
      instId: 'BTC-USDT-SWAP',
      open24h: expect.stringMatching(/^\d+(\.\d+)?$/) as unknown,
    });
  });

  it('acks an unsubscribe and stops that channel', async () => {
    const socket = await open('/ws/v5/public');
    socket.send({ op: 'subscribe', args: [{ channel: 'tickers', instId: 'ETH-USDT' }] });
    await socket.next(isPush('tickers'));
    socket.send({ op: 'unsubscribe', args: [{ channel: 'tickers', instId: 'ETH-USDT' }] });
    expect((await socket.next(isEvent('unsubscribe'))).json).toMatchObject({
      event: 'unsubscribe',
      arg: { channel: 'tickers', instId: 'ETH-USDT' },
    });
    // Another coin's tickers prove heartbeats went by after the ack; no ETH-USDT ticker came with them.
    socket.send({ op: 'subscribe', args: [{ channel: 'tickers', instId: 'BTC-USDT' }] });
    let btcTickers = 0;
    const after = await socket.upTo(
      (_, json) =>
        isPush('tickers')('', json) &&
        (json as { arg: Json }).arg.instId === 'BTC-USDT' &&
        ++btcTickers === 5,
    );
    expect(after.filter((m) => m.text.includes('"instId":"ETH-USDT"'))).toEqual([]);
  });

  it('rejects an unknown channel and an unknown instrument with 60018', async () => {
    const socket = await open('/ws/v5/public');
    socket.send({ id: '1', op: 'subscribe', args: [{ channel: 'tickerz', instId: 'BTC-USDT' }] });
    expect((await socket.next(isEvent('error'))).json).toMatchObject({
      id: '1',
      event: 'error',
      code: '60018',
    });
    socket.send({ op: 'subscribe', args: [{ channel: 'tickers', instId: 'BTC-EUR' }] });
    expect((await socket.next(isEvent('error'))).json).toMatchObject({
      code: '60018',
      msg: expect.stringContaining('instId:BTC-EUR') as unknown,
    });
  });

  it('serves candles on /business only', async () => {
    const publicSocket = await open('/ws/v5/public');
    publicSocket.send({ op: 'subscribe', args: [{ channel: 'candle1m', instId: 'BTC-USDT' }] });
    expect((await publicSocket.next(isEvent('error'))).json).toMatchObject({ code: '60018' });
    const business = await open('/ws/v5/business');
    business.send({ op: 'subscribe', args: [{ channel: 'candle1m', instId: 'BTC-USDT' }] });
    await business.next(isEvent('subscribe'));
    const candle = (await business.next(isPush('candle1m'))).json as { data: string[][] };
    expect(candle.data[0]).toHaveLength(9);
  });

  it('pushes mark-price candles as [ts, o, h, l, c, confirm], with no volume', async () => {
    const business = await open('/ws/v5/business');
    business.send({ op: 'subscribe', args: [{ channel: 'mark-price-candle1m', instId: 'BTC-USDT-SWAP' }] });
    await business.next(isEvent('subscribe'));
    const push = (await business.next(isPush('mark-price-candle1m'))).json as { data: string[][] };
    const [row = []] = push.data;
    expect(row).toHaveLength(6);
    expect(['0', '1']).toContain(row[5]);
    expect(Number(row[2])).toBeGreaterThanOrEqual(Number(row[3]));
  });

  it('rejects a request that is not JSON with 60012', async () => {
    const socket = await open('/ws/v5/public');
    socket.send('{"op":"subscribe"');
    expect((await socket.next(isEvent('error'))).json).toMatchObject({ event: 'error', code: '60012' });
  });

  it('pushes books5 and bbo-tbt as full top-of-book levels', async () => {
    const socket = await open('/ws/v5/public');
    socket.send({
      op: 'subscribe',
      args: [
        { channel: 'books5', instId: 'SOL-USDT-SWAP' },
        { channel: 'bbo-tbt', instId: 'SOL-USDT-SWAP' },
      ],
    });
    const five = (await socket.next(isPush('books5'))).json as {
      data: { asks: string[][]; bids: string[][] }[];
    };
    expect(five.data[0]?.asks).toHaveLength(5);
    expect(five.data[0]?.bids[0]).toHaveLength(4);
    const bbo = (await socket.next(isPush('bbo-tbt'))).json as {
      data: { asks: string[][]; bids: string[][] }[];
    };
    expect(bbo.data[0]?.asks).toHaveLength(1);
  });

  it('stays silent on ping while the silentPings fault is on', async () => {
    const socket = await open('/ws/v5/public');
    harness.sim().ctx.faults.silentPings = true;
    socket.send('ping');
    socket.send({ op: 'subscribe', args: [{ channel: 'bogus', instId: 'X' }] });
    const first = await socket.next();
    harness.sim().ctx.faults.silentPings = false;
    expect(first.text).not.toBe('pong');
    expect(first.json).toMatchObject({ event: 'error' });
  });

  it('refuses every new socket while the refuseSockets fault is on, and leaves open ones be', async () => {
    const before = await open('/ws/v5/public');
    harness.sim().ctx.faults.refuseSockets = true;
    const refused = await new Promise<number>((resolve) => {
      new WebSocket(`${harness.sim().wsUrl}/ws/v5/public`).on('unexpected-response', (_, response) => {
        resolve(response.statusCode ?? 0);
      });
    });
    harness.sim().ctx.faults.refuseSockets = false;
    expect(refused).toBe(503);
    before.send('ping');
    expect((await before.next()).text).toBe('pong');
  });

  it('answers a login on the business socket like the private one (a bad signature fails with an error event)', async () => {
    const socket = await open('/ws/v5/business');
    const { apiKey, passphrase } = harness.sim().accounts.okx;
    socket.send({
      op: 'login',
      args: [
        {
          apiKey,
          passphrase,
          timestamp: String(Math.floor(harness.sim().ctx.now() / 1000)),
          sign: 'bm90LWEtc2lnbmF0dXJl',
        },
      ],
    });
    expect((await socket.next()).json).toMatchObject({
      event: 'error',
      code: expect.stringMatching(/^600/) as unknown,
    });
    const { secretKey } = harness.sim().accounts.okx;
    const timestamp = String(Math.floor(harness.sim().ctx.now() / 1000));
    const sign = createHmac('sha256', secretKey).update(`${timestamp}GET/users/self/verify`).digest('base64');
    socket.send({ op: 'login', args: [{ apiKey, passphrase, timestamp, sign }] });
    expect((await socket.next()).json).toMatchObject({ event: 'login', code: '0' });
  });

  it('sends the 64008 maintenance notice on demand', async () => {
    const socket = await open('/ws/v5/business');
    sendOkxMaintenanceNotice(harness.sim().ctx);
    expect((await socket.next(isEvent('notice'))).json).toMatchObject({
      event: 'notice',
      code: '64008',
      msg: 'The connection will soon be closed for a service upgrade. Please reconnect.',
    });
  });

  it('drops every socket when asked (network-drop fault)', async () => {
    const socket = await open('/ws/v5/public');
    harness.sim().ctx.sockets.drop();
    expect(await socket.closed()).toBe(1006);
  });
});

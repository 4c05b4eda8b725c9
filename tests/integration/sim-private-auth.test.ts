import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../sim/index';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import { admin, bybit, okx, useSim } from './sim-private-client';

// Nothing in this file advances time, so the simulator's clock reads `t0` throughout.
const time = createSimFakeTime();
const t0 = time.clock.now();
const fixture = useSim(time);
let sim: RunningSimulator;
beforeAll(() => {
  sim = fixture.sim();
});

const order = { instId: 'BTC-USDT-SWAP', tdMode: 'cross', side: 'buy', ordType: 'market', sz: '1' };

describe('OKX REST authentication', () => {
  it('accepts a correctly signed request', async () => {
    const res = await okx(sim, 'GET', '/api/v5/account/balance?ccy=USDT');
    expect(res.status).toBe(200);
    expect(res.json.code).toBe('0');
  });

  it('accepts a timestamp up to 30 s either side of server time', async () => {
    for (const sentAt of [t0 - 30_000, t0 + 30_000]) {
      const res = await okx(sim, 'GET', '/api/v5/account/balance', undefined, {
        timestamp: new Date(sentAt).toISOString(),
      });
      expect(res.json.code).toBe('0');
    }
  });

  it.each([
    ['a wrong signature', { secret: 'not-the-secret' }, '50113'],
    ['an unknown key', { apiKey: 'no-such-key' }, '50111'],
    ['a wrong passphrase', { passphrase: 'wrong' }, '50105'],
    ['a missing passphrase', { passphrase: null }, '50104'],
    ['a timestamp more than 30 s old', { timestamp: new Date(t0 - 30_001).toISOString() }, '50102'],
    ['a timestamp more than 30 s ahead', { timestamp: new Date(t0 + 30_001).toISOString() }, '50102'],
    ['a timestamp in milliseconds', { timestamp: String(t0) }, '50112'],
  ])('rejects %s with HTTP 401 and code %s', async (_name, overrides, code) => {
    const res = await okx(sim, 'GET', '/api/v5/account/balance', undefined, overrides);
    expect(res.status).toBe(401);
    expect(res.json.code).toBe(code);
    expect(String(res.json.msg)).not.toContain(sim.accounts.okx.secretKey);
  });

  it('signs the body: a body changed after signing fails with 50113', async () => {
    const creds = sim.accounts.okx;
    const good = await okx(sim, 'POST', '/api/v5/trade/cancel-order', {
      instId: 'BTC-USDT-SWAP',
      ordId: '1',
    });
    expect(good.status).toBe(200);
    const ts = new Date(t0).toISOString();
    const res = await fetch(`${sim.url}/api/v5/trade/cancel-order`, {
      method: 'POST',
      headers: {
        'OK-ACCESS-KEY': creds.apiKey,
        'OK-ACCESS-PASSPHRASE': creds.passphrase,
        'OK-ACCESS-TIMESTAMP': ts,
        'OK-ACCESS-SIGN': 'AAAA',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('50113');
  });
});

describe('Bybit REST authentication', () => {
  it('accepts a correctly signed GET and POST', async () => {
    expect((await bybit(sim, 'GET', '/v5/account/wallet-balance?accountType=UNIFIED')).json.retCode).toBe(0);
    const post = await bybit(sim, 'POST', '/v5/order/cancel', {
      category: 'linear',
      symbol: 'BTCUSDT',
      orderId: 'x',
    });
    expect(post.json.retCode).toBe(110001);
  });

  it('rejects a wrong signature with 10004', async () => {
    const res = await bybit(sim, 'GET', '/v5/position/list?category=linear&symbol=BTCUSDT', undefined, {
      secret: 'nope',
    });
    expect(res.status).toBe(200);
    expect(res.json.retCode).toBe(10004);
  });

  it('rejects an unknown key with 10003 and HTTP 401', async () => {
    const res = await bybit(sim, 'GET', '/v5/position/list?category=linear&symbol=BTCUSDT', undefined, {
      apiKey: 'unknown',
    });
    expect(res.status).toBe(401);
    expect(res.json.retCode).toBe(10003);
  });

  it('rejects a timestamp outside recvWindow with 10002, and one 1 s or more ahead', async () => {
    const retCodeAt = async (timestamp: number) =>
      (await bybit(sim, 'GET', '/v5/account/info', undefined, { timestamp })).json.retCode;
    // recvWindow is 5000 ms: server - 5000 <= timestamp < server + 1000 passes (docs/protocol.md "Bybit signing").
    expect(await retCodeAt(t0 - 5001)).toBe(10002);
    expect(await retCodeAt(t0 - 5000)).toBe(0);
    expect(await retCodeAt(t0 + 999)).toBe(0);
    expect(await retCodeAt(t0 + 1000)).toBe(10002);
  });
});

describe('key permissions', () => {
  it('refuses trading with a read-only key on both exchanges and reports the permission', async () => {
    await admin(sim, 'permissions', { permission: 'read_only' });
    try {
      const okxOrder = await okx(sim, 'POST', '/api/v5/trade/order', order);
      expect(okxOrder.json.code).toBe('50120');
      const config = await okx(sim, 'GET', '/api/v5/account/config');
      expect((config.json.data as { perm: string }[])[0]?.perm).toBe('read_only');
      const bybitOrder = await bybit(sim, 'POST', '/v5/order/create', {
        category: 'linear',
        symbol: 'BTCUSDT',
        side: 'Buy',
        orderType: 'Market',
        qty: '0.001',
      });
      expect(bybitOrder.json.retCode).toBe(10005);
      const key = await bybit(sim, 'GET', '/v5/user/query-api');
      expect((key.json.result as { readOnly: number }).readOnly).toBe(1);
    } finally {
      await admin(sim, 'permissions', { permission: 'trade' });
    }
  });

  it('shows trade+withdraw as OKX perm and Bybit Wallet Withdraw', async () => {
    await admin(sim, 'permissions', { permission: 'trade_withdraw' });
    const config = await okx(sim, 'GET', '/api/v5/account/config');
    expect((config.json.data as { perm: string }[])[0]?.perm).toBe('read_only,trade,withdraw');
    const key = await bybit(sim, 'GET', '/v5/user/query-api');
    expect((key.json.result as { permissions: { Wallet: string[] } }).permissions.Wallet).toContain(
      'Withdraw',
    );
    await admin(sim, 'permissions', { permission: 'trade' });
  });
});

describe('Bybit P2P upload', () => {
  it('accepts a multipart upload signed over the prefix and payload bytes, in the legacy envelope', async () => {
    const payload = Buffer.concat([
      Buffer.from(
        '--boundary-for-file\r\nContent-Disposition: form-data; name="upload_file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      Buffer.from('hello'),
      Buffer.from('\r\n--boundary-for-file--\r\n'),
    ]);
    const contentType = 'multipart/form-data; boundary=boundary-for-file';
    const res = await bybit(sim, 'POST', '/v5/p2p/oss/upload_file', payload, { contentType });
    expect(res.json.ret_code).toBe(0);
    expect((res.json.result as { type: string }).type).toBe('IMAGE');
    const bad = await bybit(sim, 'POST', '/v5/p2p/oss/upload_file', payload, {
      contentType,
      secret: 'wrong',
    });
    expect(bad.json.retCode).toBe(10004);
  });
  /** The PNG signature and header bytes, 0x80-0xFF and a lone continuation byte: not valid UTF-8. */
  const binaryFile = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x80, 0xc3, 0x28, 0xfe, 0xff, 0xa0, 0xa1, 0xe2,
    0x82, 0xff, 0xd8, 0xff, 0xe0,
  ]);
  const filePayload = (file: Buffer) =>
    Buffer.concat([
      Buffer.from(
        '--boundary-for-file\r\nContent-Disposition: form-data; name="upload_file"; filename="chart.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n--boundary-for-file--\r\n'),
    ]);

  /** Sends `sent` with a signature over `signed`: hex HMAC of utf8(ts + key + recvWindow) then the payload bytes (docs/protocol.md "Bybit P2P chat file upload"). */
  async function upload(signed: Buffer, sent: Buffer): Promise<Record<string, unknown>> {
    const { apiKey, apiSecret } = sim.accounts.bybit;
    const timestamp = String(fixture.now());
    const sign = createHmac('sha256', apiSecret)
      .update(Buffer.concat([Buffer.from(`${timestamp}${apiKey}5000`), signed]))
      .digest('hex');
    const response = await fetch(`${sim.url}/v5/p2p/oss/upload_file`, {
      method: 'POST',
      headers: {
        'X-BAPI-API-KEY': apiKey,
        'X-BAPI-TIMESTAMP': timestamp,
        'X-BAPI-RECV-WINDOW': '5000',
        'X-BAPI-SIGN': sign,
        'Content-Type': 'multipart/form-data; boundary=boundary-for-file',
      },
      body: new Uint8Array(sent),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  it('accepts a binary file that is not valid UTF-8, checking the signature over its raw bytes', async () => {
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(binaryFile)).toThrow();
    const payload = filePayload(binaryFile);
    const accepted = await upload(payload, payload);
    expect(accepted).toMatchObject({ ret_code: 0, result: { type: 'IMAGE' } });
  });

  it('rejects the binary upload with 10004 when one file byte was changed after signing', async () => {
    const payload = filePayload(binaryFile);
    const tampered = Buffer.from(payload);
    const fileStart = payload.indexOf(binaryFile);
    tampered[fileStart + 9] = 0x81;
    const rejected = await upload(payload, tampered);
    expect(rejected.retCode).toBe(10004);
    expect(String(rejected.retMsg)).toMatch(/^Error sign, please check your signature generation algorithm/);
  });
});

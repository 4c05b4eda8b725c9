import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../sim/index';
import { admin, bybit, okx, useSim } from './sim-private-client';

const fixture = useSim();
let sim: RunningSimulator;
beforeAll(() => {
  sim = fixture.sim();
});

const DAY_MS = 86_400_000;

interface BybitKey {
  ips: string[];
  deadlineDay: number;
  expiredAt: string;
  createdAt: string;
}
const bybitKey = async () => (await bybit(sim, 'GET', '/v5/user/query-api')).json.result as BybitKey;
const okxIp = async () =>
  ((await okx(sim, 'GET', '/api/v5/account/config')).json.data as { ip: string }[])[0]?.ip;

describe('key IP binding and expiry', () => {
  it('an unbound key: OKX ip empty; Bybit ips ["*"] and expiring 90 days after creation', async () => {
    expect(await okxIp()).toBe('');
    const key = await bybitKey();
    expect(key.ips).toEqual(['*']);
    expect(key.deadlineDay).toBe(89);
    expect(Date.parse(key.expiredAt) - Date.parse(key.createdAt)).toBe(90 * DAY_MS);
  });

  it('a bound key lists its addresses and, on Bybit, never expires', async () => {
    const bound = await admin(sim, 'key-ips', { ips: ['127.0.0.1', '198.51.100.1'] });
    expect(bound.status).toBe(200);
    expect(await okxIp()).toBe('127.0.0.1,198.51.100.1');
    expect(await bybitKey()).toMatchObject({
      ips: ['127.0.0.1', '198.51.100.1'],
      deadlineDay: -1,
      expiredAt: '',
    });
  });

  it('a key bound to other addresses is refused: OKX 50110, Bybit 10010, both HTTP 401', async () => {
    await admin(sim, 'key-ips', { ips: ['203.0.113.7'] });
    const okxAnswer = await okx(sim, 'GET', '/api/v5/account/config');
    expect([okxAnswer.status, okxAnswer.json.code]).toEqual([401, '50110']);
    const bybitAnswer = await bybit(sim, 'GET', '/v5/user/query-api');
    expect([bybitAnswer.status, bybitAnswer.json.retCode]).toEqual([401, 10010]);
  });

  it('binds one exchange only when asked, and refuses what is not a list of addresses', async () => {
    await admin(sim, 'key-ips', { exchange: 'bybit', ips: ['127.0.0.1'] });
    expect(await okxIp()).toBe('');
    expect((await bybitKey()).ips).toEqual(['127.0.0.1']);
    const refused = await admin(sim, 'key-ips', { ips: 'everywhere' });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(/list of IPv4 addresses/);
  });
});

describe('demo and live keys', () => {
  it('OKX answers 50101 when x-simulated-trading disagrees with the key', async () => {
    await admin(sim, 'key-kind', { exchange: 'okx', kind: 'demo' });
    const live = await okx(sim, 'GET', '/api/v5/account/config');
    expect([live.status, live.json.code]).toEqual([401, '50101']);
    const demo = await okx(sim, 'GET', '/api/v5/account/config', undefined, {
      headers: { 'x-simulated-trading': '1' },
    });
    expect(demo.json.code).toBe('0');

    await admin(sim, 'key-kind', { exchange: 'okx', kind: 'live' });
    const wrongSide = await okx(sim, 'GET', '/api/v5/account/config', undefined, {
      headers: { 'x-simulated-trading': '1' },
    });
    expect(wrongSide.json.code).toBe('50101');
    expect((await okx(sim, 'GET', '/api/v5/account/config')).json.code).toBe('0');
  });

  it('Bybit does not know a demo key on the live host it plays: 10003', async () => {
    await admin(sim, 'key-kind', { exchange: 'bybit', kind: 'demo' });
    const answer = await bybit(sim, 'GET', '/v5/user/query-api');
    expect([answer.status, answer.json.retCode]).toEqual([401, 10003]);
  });

  it('refuses an unknown kind, naming the valid ones', async () => {
    const refused = await admin(sim, 'key-kind', { kind: 'paper' });
    expect(refused.json.error).toBe('"kind" must be one of "any", "live", "demo"');
  });
});

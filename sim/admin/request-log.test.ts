import { describe, expect, it } from 'vitest';
import { createSimFakeTime } from '../server/fake-time.test-helper';
import { useSimulator } from '../server/sim-harness.test-helper';
import type { LoggedRequest } from './request-log';

const time = createSimFakeTime();
const { sim } = useSimulator({ clock: time.clock, timers: time.timers });

const get = (path: string) => fetch(`${sim().url}${path}`);
const admin = (path: string) => fetch(`${sim().url}/__sim/${path}`, { method: 'POST', body: '{}' });
const logged = async () =>
  ((await (await get('/__sim/requests')).json()) as { requests: LoggedRequest[] }).requests;

describe('the request log (GET /__sim/requests)', () => {
  it('lists every exchange REST request with its time, answer status and code, and no admin call', async () => {
    await admin('clear-requests');
    const start = time.clock.now();
    await get('/api/v5/public/time');
    time.advance(1_500);
    await get('/v5/market/time');
    await get('/api/v5/market/ticker?instId=NOPE');
    await get('/__sim/state');
    expect(await logged()).toEqual([
      { at: start, exchange: 'okx', method: 'GET', path: '/api/v5/public/time', status: 200, code: '0' },
      {
        at: start + 1_500,
        exchange: 'bybit',
        method: 'GET',
        path: '/v5/market/time',
        status: 200,
        code: '0',
      },
      {
        at: start + 1_500,
        exchange: 'okx',
        method: 'GET',
        path: '/api/v5/market/ticker',
        status: 200,
        code: '51001',
      },
    ]);
  });

  it('logs the final answer: a rate-limit refusal and an injected fault are what it records', async () => {
    await admin('reset');
    // public/time allows 10 per 2 s from one address: the 11th is refused with 50011.
    for (let i = 0; i < 11; i += 1) await get('/api/v5/public/time');
    await fetch(`${sim().url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ httpStatus: 503 }) });
    await get('/v5/market/time');
    const answers = (await logged()).map(({ status, code }) => `${String(status)} ${code}`);
    expect(answers).toEqual([...Array<string>(10).fill('200 0'), '429 50011', expect.stringMatching(/^503/)]);
  });

  it('is emptied by clear-requests and by reset', async () => {
    await get('/api/v5/public/time');
    await admin('clear-requests');
    expect(await logged()).toEqual([]);
    await get('/v5/market/time');
    await admin('reset');
    expect(await logged()).toEqual([]);
  });
});

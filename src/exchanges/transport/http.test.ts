import { describe, expect, it } from 'vitest';
import type { AbortSignalLike } from '../runtime';
import { DEFAULT_TIMEOUT_MS, sendHttp } from './http';
import { createFakeFetch, createManualTime, fakeResponse } from './http-fake.test-helper';

const init = { method: 'GET' as const, headers: {} };

describe('sendHttp', () => {
  it('returns status, headers and body text', async () => {
    const fake = createFakeFetch(fakeResponse(200, { ok: 1 }, { 'X-Test': 'yes' }));
    const answer = await sendHttp(
      { fetch: fake.fetch, timers: createManualTime() },
      'http://h/x',
      init,
      'GET /x',
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"ok":1}');
    expect(answer.headers.get('x-test')).toBe('yes');
  });

  it('times out after 300000 ms by default, aborting the request cleanly', async () => {
    const time = createManualTime();
    let signal: AbortSignalLike | undefined;
    const fetch = (_url: string, request: { signal?: AbortSignalLike }) => {
      signal = request.signal;
      return new Promise<never>(() => undefined);
    };
    const pending = sendHttp({ fetch, timers: time }, 'http://h/x', init, 'GET /x');
    time.advance(DEFAULT_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    time.advance(1);
    await expect(pending).rejects.toMatchObject({
      name: 'TimeoutError',
      endpoint: 'GET /x',
      timeoutMs: 300000,
    });
    expect(signal?.aborted).toBe(true);
    expect(time.pending()).toBe(0);
  });

  it('honours a configured timeout, also while the body is being read', async () => {
    const time = createManualTime();
    const slowBody = { ...fakeResponse(200, {}), text: () => new Promise<string>(() => undefined) };
    const fake = createFakeFetch(slowBody);
    const pending = sendHttp(
      { fetch: fake.fetch, timers: time, timeoutMs: 50 },
      'http://h/x',
      init,
      'GET /x',
    );
    await Promise.resolve();
    time.advance(50);
    await expect(pending).rejects.toThrow('GET /x timed out after 50 ms and was aborted');
  });

  it('turns a failing fetch into a NetworkError and clears its timer', async () => {
    const time = createManualTime();
    const fetch = () => Promise.reject(new TypeError('fetch failed'));
    await expect(sendHttp({ fetch, timers: time }, 'http://h/x', init, 'GET /x')).rejects.toMatchObject({
      name: 'NetworkError',
      message: 'GET /x failed before a response arrived: fetch failed',
    });
    expect(time.pending()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { createEndpointPolicy } from './market/endpoint-policy';
import { createGuardedFetch } from './runtime-deps';

function recordingFetch() {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const send: typeof fetch = (url, init) => {
    calls.push({ url: url as string, init });
    return Promise.resolve(new Response('{}'));
  };
  return { calls, send };
}

describe('the worker fetch', () => {
  it('sends no cookies to an exchange', async () => {
    const { calls, send } = recordingFetch();
    const guarded = createGuardedFetch(createEndpointPolicy('production'), send);

    await guarded('https://www.okx.com/api/v5/public/time', { method: 'GET', headers: { a: 'b' } });

    expect(calls).toEqual([
      {
        url: 'https://www.okx.com/api/v5/public/time',
        init: { method: 'GET', headers: { a: 'b' }, credentials: 'omit' },
      },
    ]);
  });

  it.each(['http://127.0.0.1:8765/api/v5/public/time', 'https://evil.example/v5/market/time'])(
    'in a store build refuses %s without sending anything',
    async (url) => {
      const { calls, send } = recordingFetch();
      const guarded = createGuardedFetch(createEndpointPolicy('production'), send);

      await expect(guarded(url, { method: 'GET', headers: {} })).rejects.toThrow(
        `Perch may not send requests to ${url}: it is not an OKX or Bybit server.`,
      );
      expect(calls).toEqual([]);
    },
  );
});

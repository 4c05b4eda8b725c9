import { describe, expect, it } from 'vitest';
import { createEndpointPolicy } from './market/endpoint-policy';
import { createGuardedFetch, createGuardedSocketFactory } from './runtime-deps';

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

describe('the worker socket factory', () => {
  function recordingOpen() {
    const opened: string[] = [];
    const open = (url: string) => {
      opened.push(url);
      return {} as WebSocket;
    };
    return { opened, open };
  }

  it('opens sockets to the exchanges in a store build', () => {
    const { opened, open } = recordingOpen();
    const create = createGuardedSocketFactory(createEndpointPolicy('production'), open);

    create('wss://ws.okx.com:8443/ws/v5/public');
    create('wss://stream.bybit.com/v5/public/linear');

    expect(opened).toEqual(['wss://ws.okx.com:8443/ws/v5/public', 'wss://stream.bybit.com/v5/public/linear']);
  });

  it.each([
    ['production', 'ws://127.0.0.1:8765/ws/v5/public'],
    ['production', 'wss://evil.example/ws/v5/private'],
    ['development', 'wss://evil.example/ws/v5/private'],
    ['development', 'ws://10.0.0.5:8765/ws/v5/public'],
  ])('in a %s build refuses %s without opening anything', (mode, url) => {
    const { opened, open } = recordingOpen();
    const create = createGuardedSocketFactory(createEndpointPolicy(mode), open);

    expect(() => create(url)).toThrow(`Perch may not connect to ${url}: it is not an OKX or Bybit server.`);
    expect(opened).toEqual([]);
  });

  it('lets a development build reach the simulator on loopback', () => {
    const { opened, open } = recordingOpen();
    createGuardedSocketFactory(createEndpointPolicy('development'), open)('ws://127.0.0.1:8765/ws/v5/public');
    expect(opened).toEqual(['ws://127.0.0.1:8765/ws/v5/public']);
  });
});

import { describe, expect, it } from 'vitest';
import { BACKGROUND_STOPPED, createMessageClient, type SendRaw } from './message-client';

const answer = { version: '0.1.0', workerStartedAt: 5, answeredAt: 6 };

describe('createMessageClient', () => {
  it('sends the Perch envelope and returns the typed answer', async () => {
    const sent: unknown[] = [];
    const sendRaw: SendRaw = (envelope) => {
      sent.push(envelope);
      return Promise.resolve({ ok: true, data: answer });
    };

    await expect(createMessageClient(sendRaw).send('ping', {})).resolves.toEqual(answer);
    expect(sent).toEqual([{ perch: 1, name: 'ping', payload: {} }]);
  });

  it('sends the request as given: the worker checks it against its contract and words a refusal', async () => {
    const sent: unknown[] = [];
    const client = createMessageClient((envelope) => {
      sent.push(envelope);
      return Promise.resolve({
        ok: false,
        error: { name: 'InvalidRequestError', message: '"getWatchlist" was sent with invalid data.' },
      });
    });

    // @ts-expect-error -- getWatchlist takes no fields: only the worker's check sees the bad request at run time
    const sending = client.send('getWatchlist', { extra: 1 });

    await expect(sending).rejects.toMatchObject({
      name: 'InvalidRequestError',
      message: '"getWatchlist" was sent with invalid data.',
    });
    expect(sent).toEqual([{ perch: 1, name: 'getWatchlist', payload: { extra: 1 } }]);
  });

  it('takes the answer as the worker checked it before replying', async () => {
    const instruments = [{ exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' }];
    const client = createMessageClient(() => Promise.resolve({ ok: true, data: { instruments } }));

    await expect(client.send('getWatchlist', {})).resolves.toEqual({ instruments });
  });

  it('throws the background error with its name', async () => {
    const client = createMessageClient(() =>
      Promise.resolve({ ok: false, error: { name: 'ForbiddenSenderError', message: 'no' } }),
    );

    await expect(client.send('ping', {})).rejects.toMatchObject({
      name: 'ForbiddenSenderError',
      message: 'no',
    });
  });

  it('says in words that the background stopped when the request got no answer at all', async () => {
    const client = createMessageClient(() =>
      Promise.reject(
        new Error(
          'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
        ),
      ),
    );

    await expect(client.send('ping', {})).rejects.toMatchObject({
      name: 'BackgroundStoppedError',
      message: BACKGROUND_STOPPED,
    });
  });

  it.each([
    ['nothing, as when no background listens', undefined],
    ['a success without data', { ok: true }],
    ['a refusal without its error', { ok: false }],
    ['a refusal whose message is not text', { ok: false, error: { name: 'VaultLockedError', message: 3 } }],
  ])('rejects an answer that is not a Perch reply: %s', async (_what, reply) => {
    const client = createMessageClient(() => Promise.resolve(reply));

    await expect(client.send('ping', {})).rejects.toMatchObject({
      name: 'InvalidReplyError',
      message: 'No valid answer to "ping" from Perch.',
    });
  });

  it('never passes on an error Perch did not name, such as a raw exception with its stack', async () => {
    const client = createMessageClient(() =>
      Promise.resolve({
        ok: false,
        error: { name: 'TypeError', message: 'x is undefined\n  at handler.ts:3' },
      }),
    );

    await expect(client.send('ping', {})).rejects.toMatchObject({ name: 'InvalidReplyError' });
  });
});

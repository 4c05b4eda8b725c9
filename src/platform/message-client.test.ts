import { describe, expect, it } from 'vitest';
import { contracts } from '../contracts';
import { BACKGROUND_STOPPED, createMessageClient, type SendRaw } from './message-client';

const answer = { version: '0.1.0', workerStartedAt: 5, answeredAt: 6 };

describe('createMessageClient', () => {
  it('sends the Perch envelope and returns the typed answer', async () => {
    const sent: unknown[] = [];
    const sendRaw: SendRaw = (envelope) => {
      sent.push(envelope);
      return Promise.resolve({ ok: true, data: answer });
    };

    await expect(createMessageClient(contracts, sendRaw).send('ping', {})).resolves.toEqual(answer);
    expect(sent).toEqual([{ perch: 1, name: 'ping', payload: {} }]);
  });

  it('throws the background error with its name', async () => {
    const client = createMessageClient(contracts, () =>
      Promise.resolve({ ok: false, error: { name: 'ForbiddenSenderError', message: 'no' } }),
    );

    await expect(client.send('ping', {})).rejects.toMatchObject({
      name: 'ForbiddenSenderError',
      message: 'no',
    });
  });

  it('says in words that the background stopped when the request got no answer at all', async () => {
    const client = createMessageClient(contracts, () =>
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

  it('rejects an answer that is not a Perch reply, e.g. when no background listens', async () => {
    const client = createMessageClient(contracts, () => Promise.resolve(undefined));

    await expect(client.send('ping', {})).rejects.toMatchObject({
      name: 'InvalidReplyError',
      message: 'No valid answer to "ping" from Perch.',
    });
  });

  it('never passes on an error Perch did not name, such as a raw exception with its stack', async () => {
    const client = createMessageClient(contracts, () =>
      Promise.resolve({
        ok: false,
        error: { name: 'TypeError', message: 'x is undefined\n  at handler.ts:3' },
      }),
    );

    await expect(client.send('ping', {})).rejects.toMatchObject({ name: 'InvalidReplyError' });
  });

  it('sends only the contracts it was built with', async () => {
    const sent: unknown[] = [];
    const client = createMessageClient({ ping: contracts.ping }, (envelope) => {
      sent.push(envelope);
      return Promise.resolve(undefined);
    });

    // @ts-expect-error -- marketStatus is not among this client's contracts
    await expect(client.send('marketStatus', {})).rejects.toMatchObject({
      name: 'UnknownMessageError',
      message: 'Unknown message "marketStatus".',
    });
    expect(sent).toEqual([]);
  });
});

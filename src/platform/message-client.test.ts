import { describe, expect, it } from 'vitest';
import { createMessageClient, type SendRaw } from './message-client';

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

  it('throws the background error with its name', async () => {
    const client = createMessageClient(() =>
      Promise.resolve({ ok: false, error: { name: 'ForbiddenSenderError', message: 'no' } }),
    );

    await expect(client.send('ping', {})).rejects.toMatchObject({
      name: 'ForbiddenSenderError',
      message: 'no',
    });
  });

  it('rejects an answer that is not a Perch reply, e.g. when no background listens', async () => {
    const client = createMessageClient(() => Promise.resolve(undefined));

    await expect(client.send('ping', {})).rejects.toMatchObject({
      name: 'InvalidReplyError',
      message: 'No valid answer to "ping" from Perch.',
    });
  });
});

import { expect, it } from 'vitest';
import { createPingHandler } from './ping';

it('answers with the version, the worker start time and the current time', async () => {
  let now = 1_000;
  const ping = createPingHandler({ version: '0.1.0', workerStartedAt: 500, now: () => now });
  now = 1_250;

  await expect(ping({}, { sender: 'popup' })).resolves.toEqual({
    version: '0.1.0',
    workerStartedAt: 500,
    answeredAt: 1_250,
  });
});

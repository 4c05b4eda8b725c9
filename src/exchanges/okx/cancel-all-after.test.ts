import { describe, expect, it } from 'vitest';
import { UnsupportedError } from '../errors';
import { fakeOkxApi } from './api-fake.test-helper';
import { okxCancelAllAfter } from './cancel-all-after';

// OKX's published answer (docs/protocol.md "OKX cancel all after"), triggerTime as the test needs it.
const setup = (triggerTime: string) =>
  fakeOkxApi({ code: '0', msg: '', data: [{ triggerTime, tag: '', ts: '1587971400' }] });

describe('OKX cancel all after', () => {
  it('sends timeOut as a string and reads the published example as when it fires', async () => {
    const { fake, api } = setup('1587971460');
    await expect(okxCancelAllAfter(api, 60)).resolves.toEqual({ armedUntil: 1_587_971_460_000 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.init.method).toBe('POST');
    expect(new URL(fake.requests[0]?.url ?? '').pathname).toBe('/api/v5/trade/cancel-all-after');
    expect(fake.requests[0]?.init.body).toBe('{"timeOut":"60"}');
  });

  it('reads a triggerTime in ms as it stands', async () => {
    const { api } = setup('1767571210000');
    await expect(okxCancelAllAfter(api, 10)).resolves.toEqual({ armedUntil: 1_767_571_210_000 });
  });

  it('turns it off with "0", and reads triggerTime "0" as off', async () => {
    const { fake, api } = setup('0');
    await expect(okxCancelAllAfter(api, 0)).resolves.toEqual({ armedUntil: undefined });
    expect(fake.requests[0]?.init.body).toBe('{"timeOut":"0"}');
  });

  it.each([5, 9, 121, 10.5, -10, Number.NaN])(
    'refuses %s seconds in words, sending nothing',
    async (seconds) => {
      const { fake, api } = setup('0');
      const refusal = okxCancelAllAfter(api, seconds);
      await expect(refusal).rejects.toBeInstanceOf(UnsupportedError);
      await expect(refusal).rejects.toThrow(/10 to 120 whole seconds, or 0 to turn it off/);
      expect(fake.requests).toHaveLength(0);
    },
  );

  it('reports a triggerTime that is not a time as an invalid response', async () => {
    const { api } = setup('soon');
    await expect(okxCancelAllAfter(api, 30)).rejects.toMatchObject({ name: 'InvalidResponseError' });
  });
});

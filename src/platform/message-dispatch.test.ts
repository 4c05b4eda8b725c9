import { describe, expect, it, vi } from 'vitest';
import { classifySender, dispatchMessage, type MessageHandlers } from './message-dispatch';

const EXTENSION_ID = 'perch-id';
const ORIGIN = `chrome-extension://${EXTENSION_ID}`;

const unused = () => Promise.reject(new Error('not called in these tests'));

const handlers = (): MessageHandlers => ({
  ping: vi.fn(() => Promise.resolve({ version: '1.2.3', workerStartedAt: 10, answeredAt: 20 })),
  marketStatus: unused,
});

const ping = { perch: 1, name: 'ping', payload: {} };

describe('classifySender', () => {
  it.each([
    [{ id: EXTENSION_ID, url: `${ORIGIN}/popup.html` }, 'popup'],
    [{ id: EXTENSION_ID, url: `${ORIGIN}/options.html` }, 'options'],
    [{ id: EXTENSION_ID, url: 'https://www.tradingview.com/chart/', tab: { id: 3 } }, 'content'],
  ])('recognises %o as %s', (sender, expected) => {
    expect(classifySender(sender, EXTENSION_ID, ORIGIN)).toBe(expected);
  });

  it.each([
    ['another extension', { id: 'someone-else', url: `${ORIGIN}/popup.html` }],
    ['an unknown extension page', { id: EXTENSION_ID, url: `${ORIGIN}/other.html` }],
    ['a web page without a tab', { id: EXTENSION_ID, url: 'https://evil.example/' }],
    ['a sender without a url', { id: EXTENSION_ID }],
  ])('trusts nothing from %s', (_, sender) => {
    expect(classifySender(sender, EXTENSION_ID, ORIGIN)).toBeUndefined();
  });
});

describe('dispatchMessage', () => {
  it('answers a valid message with the handler result', async () => {
    await expect(dispatchMessage(ping, 'popup', handlers())).resolves.toEqual({
      ok: true,
      data: { version: '1.2.3', workerStartedAt: 10, answeredAt: 20 },
    });
  });

  it('refuses something that is not a Perch message', async () => {
    await expect(dispatchMessage({ hello: 'world' }, 'popup', handlers())).resolves.toEqual({
      ok: false,
      error: { name: 'InvalidMessageError', message: 'Not a Perch message.' },
    });
  });

  it('refuses an unknown message name, including inherited object keys', async () => {
    for (const name of ['launchMissiles', 'toString', '__proto__']) {
      const reply = await dispatchMessage({ ...ping, name }, 'popup', handlers());
      expect(reply).toMatchObject({ ok: false, error: { name: 'UnknownMessageError' } });
    }
  });

  it('refuses a sender the contract does not list', async () => {
    const reply = await dispatchMessage({ ...ping, name: 'marketStatus' }, 'content', handlers());

    expect(reply).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError' } });
  });

  it('refuses an unidentified sender without running the handler', async () => {
    const spy = handlers();
    const reply = await dispatchMessage(ping, undefined, spy);

    expect(reply).toMatchObject({ ok: false, error: { name: 'ForbiddenSenderError' } });
    expect(spy.ping).not.toHaveBeenCalled();
  });

  it('refuses a payload that breaks the contract', async () => {
    const reply = await dispatchMessage({ ...ping, payload: 'nonsense' }, 'content', handlers());

    expect(reply).toMatchObject({ ok: false, error: { name: 'InvalidRequestError' } });
  });

  it('reports a failing handler by name and message instead of throwing', async () => {
    const failing: MessageHandlers = {
      ping: () => Promise.reject(new RangeError('worker is shutting down')),
      marketStatus: unused,
    };

    await expect(dispatchMessage(ping, 'options', failing)).resolves.toEqual({
      ok: false,
      error: { name: 'RangeError', message: 'worker is shutting down' },
    });
  });

  it('refuses to pass on a handler answer that breaks the contract', async () => {
    const broken = {
      ping: () => Promise.resolve({ version: 1 }),
      marketStatus: unused,
    } as unknown as MessageHandlers;

    await expect(dispatchMessage(ping, 'popup', broken)).resolves.toMatchObject({ ok: false });
  });
});

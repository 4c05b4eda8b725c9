import { describe, expect, it, vi } from 'vitest';
import { PerchError } from '../contracts';
import { classifySender, dispatchMessage, senderTabId, type MessageHandlers } from './message-dispatch';
import { unusedHandlers } from './message-handlers.test-helper';

const EXTENSION_ID = 'perch-id';
const ORIGIN = `chrome-extension://${EXTENSION_ID}`;

const handlers = (): MessageHandlers => ({
  ...unusedHandlers(),
  ping: vi.fn(() => Promise.resolve({ version: '1.2.3', workerStartedAt: 10, answeredAt: 20 })),
});

const ping = { perch: 1, name: 'ping', payload: {} };

describe('classifySender', () => {
  it.each([
    [{ id: EXTENSION_ID, url: `${ORIGIN}/popup.html` }, 'popup'],
    [{ id: EXTENSION_ID, url: `${ORIGIN}/options.html` }, 'options'],
    // The side panel is the popup's app: it sends what the popup may send.
    [{ id: EXTENSION_ID, url: `${ORIGIN}/sidepanel.html` }, 'popup'],
    [{ id: EXTENSION_ID, url: 'https://www.tradingview.com/chart/', tab: { id: 3 } }, 'content'],
  ])('recognises %o as %s', (sender, expected) => {
    expect(classifySender(sender, EXTENSION_ID, ORIGIN)).toBe(expected);
  });

  it.each([
    ['another extension', { id: 'someone-else', url: `${ORIGIN}/popup.html` }],
    ['an unknown extension page', { id: EXTENSION_ID, url: `${ORIGIN}/other.html` }],
    ['a web page without a tab', { id: EXTENSION_ID, url: 'https://evil.example/' }],
    ['a sender without a url', { id: EXTENSION_ID }],
    ['a look-alike extension host', { id: EXTENSION_ID, url: `${ORIGIN}.evil.example/popup.html` }],
    ['an address that cannot be read', { id: EXTENSION_ID, url: `${ORIGIN}:99999/popup.html` }],
  ])('trusts nothing from %s', (_, sender) => {
    expect(classifySender(sender, EXTENSION_ID, ORIGIN)).toBeUndefined();
  });
});

describe('senderTabId', () => {
  it('reads the tab the browser stamped on a sender', () => {
    expect(senderTabId({ id: EXTENSION_ID, url: 'https://www.tradingview.com/', tab: { id: 3 } })).toBe(3);
  });

  it.each([
    ['no tab', { id: EXTENSION_ID, url: `${ORIGIN}/popup.html` }],
    ['a tab without an id', { id: EXTENSION_ID, tab: { url: 'https://www.tradingview.com/' } }],
    ['a tab id that is not a number', { id: EXTENSION_ID, tab: { id: '3' } }],
  ])('finds no tab in a sender with %s', (_, sender) => {
    expect(senderTabId(sender)).toBeUndefined();
  });
});

describe('dispatchMessage', () => {
  it('hands the handler the sender and the tab it came from', async () => {
    const spy = handlers();

    await dispatchMessage(ping, 'popup', spy, 12);

    expect(spy.ping).toHaveBeenCalledWith({}, { sender: 'popup', tabId: 12 });
  });

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

  it('refuses a request with a key its contract does not know, without running the handler', async () => {
    const spy = handlers();
    const reply = await dispatchMessage({ ...ping, payload: { symbol: 'BTCUSDT' } }, 'content', spy);

    expect(reply).toEqual({
      ok: false,
      error: {
        name: 'InvalidRequestError',
        message: '"ping" was sent with invalid data (it does not take symbol).',
      },
    });
    expect(spy.ping).not.toHaveBeenCalled();
  });

  it('never repeats a long or odd message name back to the page', async () => {
    const name = `apiSecret-${'x'.repeat(2 * 1024 * 1024)}\u0000`;
    await expect(dispatchMessage({ ...ping, name }, 'content', handlers())).resolves.toEqual({
      ok: false,
      error: { name: 'UnknownMessageError', message: 'Unknown message name.' },
    });
  });

  it('never repeats a long or odd field name back to the page', async () => {
    const spy = handlers();
    const payload = { 'sk-live-0123456789abcdef': 1, [`k${'y'.repeat(1024 * 1024)}`]: 2, symbol: 'BTC' };
    const reply = await dispatchMessage({ ...ping, payload }, 'content', spy);

    expect(reply).toEqual({
      ok: false,
      error: {
        name: 'InvalidRequestError',
        message: '"ping" was sent with invalid data (it does not take a field with an unusual name, symbol).',
      },
    });
    expect(spy.ping).not.toHaveBeenCalled();
  });

  it('refuses an envelope with a key Perch does not know', async () => {
    const reply = await dispatchMessage({ ...ping, sender: 'popup' }, 'content', handlers());

    expect(reply).toMatchObject({ ok: false, error: { name: 'InvalidMessageError' } });
  });

  it('passes on an error Perch names and words, as it is', async () => {
    const failing: MessageHandlers = {
      ...unusedHandlers(),
      ping: () => Promise.reject(new PerchError('InvalidRequestError', 'Pick OKX or Bybit.')),
    };

    await expect(dispatchMessage(ping, 'content', failing)).resolves.toEqual({
      ok: false,
      error: { name: 'InvalidRequestError', message: 'Pick OKX or Bybit.' },
    });
  });

  it.each([
    ['a raw exception', new TypeError("Cannot read properties of undefined (reading 'last')")],
    [
      'an exchange error',
      Object.assign(new Error('OKX rejected GET /api/v5/market/ticker: 50011'), { name: 'RateLimitError' }),
    ],
    ['a thrown string', 'worker is shutting down'],
  ])('gives a content script a worded error, never %s', async (_, thrown) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing: MessageHandlers = {
      ...unusedHandlers(),
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- code may throw anything
      ping: () => Promise.reject(thrown),
    };

    const reply = await dispatchMessage(ping, 'content', failing);

    expect(reply).toEqual({
      ok: false,
      error: {
        name: 'InternalError',
        message:
          'Perch could not answer "ping" because of a problem inside Perch. Try again; if it keeps happening, reload the page.',
      },
    });
    expect(errors).toHaveBeenCalledWith('Perch could not answer "ping":', thrown);
  });

  it('refuses to pass on a handler answer that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = {
      ...unusedHandlers(),
      ping: () => Promise.resolve({ version: 1 }),
    } as unknown as MessageHandlers;

    await expect(dispatchMessage(ping, 'popup', broken)).resolves.toMatchObject({
      ok: false,
      error: { name: 'InternalError' },
    });
  });
});

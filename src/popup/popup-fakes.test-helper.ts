import type { MessageName } from '../contracts';
import type { PositionView } from '../contracts/portfolio';
import type { PagePort } from '../platform/port-client';
import type { MessageClient } from '../platform/message-client';

type Answer = (request: unknown) => Promise<unknown>;

/**
 * A background stand-in: each message is answered by its function; `sent` records every request. A
 * message with no answer fails as the real background does for a message it cannot handle.
 */
export function fakeBackground(answers: Partial<Record<MessageName, Answer>>) {
  const sent: { name: MessageName; request: unknown }[] = [];
  const client: MessageClient = {
    send: (name, request) => {
      sent.push({ name, request });
      const answer = answers[name];
      if (answer === undefined) return Promise.reject(new Error(`No answer for ${name}.`));
      return answer(request) as never;
    },
  };
  return { client, sent };
}

/** The page end of an in-memory hub port: what the popup posted, and a way to push to it. */
export function fakeHubPort() {
  const posted: unknown[] = [];
  const listeners: ((message: unknown) => void)[] = [];
  const port: PagePort = {
    postMessage: (message) => posted.push(message),
    disconnect: () => undefined,
    onMessage: { addListener: (listener) => listeners.push(listener) },
    onDisconnect: { addListener: () => undefined },
  };
  return {
    connect: () => port,
    posted,
    push(message: unknown) {
      for (const listener of listeners) listener(message);
    },
  };
}

export const resolves =
  (value: unknown): Answer =>
  () =>
    Promise.resolve(value);

/** Fails the way the message client does: a named error with the trader's words. */
export const rejects =
  (name: string, message: string): Answer =>
  () =>
    Promise.reject(Object.assign(new Error(message), { name }));

/** OKX's BTC perpetual, as the hub names it. */
export const OKX_BTC = { exchange: 'okx', kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;

/** A long of 3 contracts on it, with only the fields every position has. */
export const OKX_BTC_LONG: PositionView = {
  ...OKX_BTC,
  side: 'long',
  slot: 'one-way',
  sizeContracts: '3',
  pnlSource: 'mark',
};

import { contentContracts } from '../../contracts/content';
import type { MessageEnvelope } from '../../contracts/envelope';
import type { HubPortMessage } from '../../contracts/ports';
import { createMessageClient } from '../../platform/message-client';
import type { PagePort } from '../../platform/port-client';
import type { ChartBadgeDeps } from '../features/chart-badge';

/** The background's end of one hub port, as the badge's tests drive it. */
export interface FakeHubPort {
  readonly wanted: unknown[];
  push(message: HubPortMessage): void;
  /** The worker went away (suspended, restarted, or the extension was updated). */
  drop(): void;
}

export interface FakeBackground {
  readonly deps: ChartBadgeDeps;
  readonly ports: FakeHubPort[];
  readonly sent: { name: string; payload: unknown }[];
  /** The answer to each message by name; a function may inspect the payload. */
  answers: Record<string, unknown>;
  alive: boolean;
}

/** A background that answers messages from `answers` and hands out in-memory hub ports. */
export function createFakeBackground(now: () => number): FakeBackground {
  const background: FakeBackground = {
    ports: [],
    sent: [],
    answers: {},
    alive: true,
    deps: {
      client: createMessageClient(contentContracts, (envelope: MessageEnvelope) => {
        background.sent.push({ name: envelope.name, payload: envelope.payload });
        const answer = background.answers[envelope.name];
        if (answer instanceof Error)
          return Promise.resolve({ ok: false, error: { name: answer.name, message: answer.message } });
        return Promise.resolve(answer === undefined ? undefined : { ok: true, data: answer });
      }),
      connect: () => {
        const messageListeners: ((message: unknown) => void)[] = [];
        const disconnectListeners: (() => void)[] = [];
        const wanted: unknown[] = [];
        background.ports.push({
          wanted,
          push: (message) => {
            for (const listener of messageListeners) listener(message);
          },
          drop: () => {
            for (const listener of disconnectListeners) listener();
          },
        });
        const port: PagePort = {
          postMessage: (message) => wanted.push(message),
          disconnect: () => undefined,
          onMessage: { addListener: (listener) => messageListeners.push(listener) },
          onDisconnect: { addListener: (listener) => disconnectListeners.push(listener) },
        };
        return port;
      },
      alive: () => background.alive,
      now,
    },
  };
  return background;
}

/** A click as the browser delivers a person's click: the only kind the badge acts on. */
export function trustedClick(target: Element): void {
  const event = new MouseEvent('click', { bubbles: true, composed: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

export function trustedKey(target: Element, key: string): void {
  const event = new KeyboardEvent('keydown', { key, bubbles: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

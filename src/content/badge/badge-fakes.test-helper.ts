import { vi } from 'vitest';
import type { MessageEnvelope } from '../../contracts/envelope';
import type { HubPortMessage } from '../../contracts/ports';
import { createContentClient } from '../../platform/content-client';
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
      client: createContentClient((envelope: MessageEnvelope) => {
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

const trusted = <E extends Event>(event: E): E => {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
};

/** A click as the browser delivers a person's click. */
export function trustedClick(target: Element): void {
  target.dispatchEvent(trusted(new MouseEvent('click', { bubbles: true, composed: true })));
}

export function trustedKey(target: Element, key: string, type: 'keydown' | 'keyup' = 'keydown'): void {
  target.dispatchEvent(trusted(new KeyboardEvent(type, { key, bubbles: true })));
}

/** A person's primary-button press (`pointerdown`) or release (`pointerup`) on `target`. */
export function trustedPointer(target: Element, type: 'pointerdown' | 'pointerup' | 'pointerleave'): void {
  target.dispatchEvent(trusted(new PointerEvent(type, { bubbles: true, composed: true, button: 0 })));
}

/**
 * happy-dom lays nothing out: every box is 0 × 0 at the origin. This gives the badge the box its own
 * placement asks for (340 × 100 in a 1280 × 720 viewport), as a browser that draws it would, until the
 * returned function undoes it.
 */
export function layOutAsDrawn(): () => void {
  const width = 340;
  const height = 100;
  const viewport = { clientWidth: 1280, clientHeight: 720 };
  const box = (element: HTMLElement): DOMRect => {
    const px = (value: string) => parseFloat(value);
    const { left, top, right, bottom } = element.style;
    const x = left !== 'auto' && left !== '' ? px(left) : viewport.clientWidth - px(right) - width;
    const y = top !== 'auto' && top !== '' ? px(top) : viewport.clientHeight - px(bottom) - height;
    return new DOMRect(x, y, width, height);
  };
  const spies = [
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return box(this);
    }),
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(width),
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(height),
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(viewport.clientWidth),
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(viewport.clientHeight),
  ];
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}

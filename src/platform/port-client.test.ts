import { describe, expect, it } from 'vitest';
import { connectPort, type PagePort, type RetryTimer } from './port-client';

/** Retries run only when a test says time has passed. */
function fakeTime() {
  let now = 0;
  let due: { at: number; run: () => void }[] = [];
  const timers: RetryTimer = {
    setTimeout: (run, ms) => due.push({ at: now + ms, run }),
  };
  return {
    timers,
    advance(ms: number) {
      now += ms;
      const ready = due.filter((timer) => timer.at <= now);
      due = due.filter((timer) => timer.at > now);
      for (const timer of ready) timer.run();
    },
  };
}

/** The background's side of each port the page opens. */
function fakeBackground() {
  const opened: { name: string; posted: unknown[]; drop: () => void; push: (message: unknown) => void }[] =
    [];
  let refusing = false;
  const connect = (name: string): PagePort => {
    if (refusing) throw new Error('Could not establish connection. Receiving end does not exist.');
    const onMessage: ((message: unknown) => void)[] = [];
    const onDisconnect: (() => void)[] = [];
    const entry = {
      name,
      posted: [] as unknown[],
      drop: () => {
        for (const listener of onDisconnect) listener();
      },
      push: (message: unknown) => {
        for (const listener of onMessage) listener(message);
      },
    };
    opened.push(entry);
    return {
      postMessage: (message) => entry.posted.push(message),
      disconnect: () => undefined,
      onMessage: { addListener: (listener) => onMessage.push(listener) },
      onDisconnect: { addListener: (listener) => onDisconnect.push(listener) },
    };
  };
  return {
    opened,
    connect,
    refuse: (value: boolean) => {
      refusing = value;
    },
  };
}

/** A hub port whose incoming messages the test ignores, over a fake background and fake time. */
function quietHubPort() {
  const time = fakeTime();
  const background = fakeBackground();
  const client = connectPort({
    name: 'hub',
    connect: background.connect,
    timers: time.timers,
    onMessage: () => undefined,
  });
  return { time, background, client };
}

describe('connectPort', () => {
  it('hands over what the background sends', () => {
    const background = fakeBackground();
    const received: unknown[] = [];
    connectPort({ name: 'hub', connect: background.connect, onMessage: (message) => received.push(message) });
    background.opened[0]?.push({ type: 'snapshot' });
    expect(received).toEqual([{ type: 'snapshot' }]);
  });

  it('reconnects when the worker stops, and sends its last request again', () => {
    const time = fakeTime();
    const background = fakeBackground();
    const received: unknown[] = [];
    const client = connectPort({
      name: 'hub',
      connect: background.connect,
      timers: time.timers,
      onMessage: (message) => received.push(message),
    });
    client.send({ type: 'want', quotes: [1] });
    client.send({ type: 'want', quotes: [2] });

    background.opened[0]?.drop();
    background.refuse(true);
    time.advance(250);
    expect(background.opened).toHaveLength(1);
    background.refuse(false);
    time.advance(499);
    expect(background.opened).toHaveLength(1);
    time.advance(1);

    expect(background.opened.map((port) => port.name)).toEqual(['hub', 'hub']);
    expect(background.opened[1]?.posted).toEqual([{ type: 'want', quotes: [2] }]);
    background.opened[1]?.push('fresh');
    expect(received).toEqual(['fresh']);
  });

  it('posts a one-off message on the port open now, and never again after a reconnect', () => {
    const { time, background, client } = quietHubPort();
    client.send({ type: 'want', quotes: [1] });
    client.post({ type: 'taken' });
    expect(background.opened[0]?.posted).toEqual([{ type: 'want', quotes: [1] }, { type: 'taken' }]);

    background.opened[0]?.drop();
    client.post({ type: 'taken' });
    time.advance(250);
    expect(background.opened[1]?.posted).toEqual([{ type: 'want', quotes: [1] }]);
  });

  it('stays closed once the page closes it', () => {
    const { time, background, client } = quietHubPort();
    client.close();
    background.opened[0]?.drop();
    time.advance(10_000);
    expect(background.opened).toHaveLength(1);
  });
});

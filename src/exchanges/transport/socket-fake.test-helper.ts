import { beforeEach, vi } from 'vitest';
import type { StreamEvent } from '../model';
import type { GroupListener, PushOutput, PushParser } from './socket-group';
import type {
  SocketCloseInfo,
  SocketEvent,
  SocketMessageInfo,
  WebSocketFactory,
  WebSocketLike,
} from './socket-types';
import { createFakeTime, type FakeTime } from './time-fake.test-helper';

/**
 * Test doubles for the socket manager: a scripted WebSocket and fake time. Pure TypeScript so the
 * tests of okx/ and bybit/ share them; nothing in production imports this file.
 */
export class FakeSocket implements WebSocketLike {
  readonly sent: string[] = [];
  closedWith: SocketCloseInfo | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: SocketCloseInfo) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: SocketMessageInfo) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.closedWith !== undefined) throw new Error('socket is closed');
    this.sent.push(data);
  }

  close(code = 1000, reason = ''): void {
    this.closedWith ??= { code, reason };
  }

  /** Server side: accept the connection. */
  open(): void {
    this.onopen?.({});
  }

  /** Server side: push a text frame (objects are sent as JSON). */
  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** Server side: close the connection (or confirm a client close). */
  serverClose(code = 1006, reason = ''): void {
    this.closedWith ??= { code, reason };
    this.onclose?.({ code, reason });
  }

  /** The sent frames that parse as JSON. */
  sentJson(): unknown[] {
    return this.sent.flatMap((text) => {
      try {
        return [JSON.parse(text) as unknown];
      } catch {
        return [];
      }
    });
  }
}

export interface FakeSockets {
  readonly create: WebSocketFactory;
  readonly all: FakeSocket[];
  /** The most recently opened socket. */
  last(): FakeSocket;
}

export function createFakeSockets(): FakeSockets {
  const all: FakeSocket[] = [];
  return {
    all,
    create: (url) => {
      const socket = new FakeSocket(url);
      all.push(socket);
      return socket;
    },
    last: () => {
      const socket = all.at(-1);
      if (socket === undefined) throw new Error('no socket was opened');
      return socket;
    },
  };
}

/** Hands recorded push frames to a parser; returns the model events and how many resubscribes it asked for. */
export function replayPushes(
  parser: PushParser,
  frames: readonly unknown[],
): { events: StreamEvent[]; resubscribes: number } {
  const events: StreamEvent[] = [];
  let resubscribes = 0;
  const out: PushOutput = {
    event: (event) => events.push(event),
    resubscribe: (topics) => (resubscribes += topics.length),
  };
  for (const frame of frames) parser.handle(frame, out);
  return { events, resubscribes };
}

/** A parser fed one frame at a time, collecting the model events it produces. */
export function createCollectingParser(parser: PushParser): {
  events: StreamEvent[];
  receive(frame: unknown): void;
} {
  const events: StreamEvent[] = [];
  const out: PushOutput = { event: (event) => events.push(event), resubscribe: () => undefined };
  return {
    events,
    receive: (frame) => {
      parser.handle(frame, out);
    },
  };
}

/** One report of a socket group, as a test keeps it: a model event or a socket event, with its socket. */
export type GroupEvent<Key extends string> =
  | { readonly type: 'stream'; readonly key: Key; readonly event: StreamEvent }
  | { readonly type: 'socket'; readonly key: Key; readonly event: SocketEvent };

/** A group listener that hands every report, in order, to `record`. */
export function recordingListener<Key extends string>(
  record: (event: GroupEvent<Key>) => void,
): GroupListener<Key> {
  return {
    onStreamEvent: (key, event) => {
      record({ type: 'stream', key, event });
    },
    onSocketEvent: (key, event) => {
      record({ type: 'socket', key, event });
    },
  };
}

/** What every createXStreams test passes besides hosts and credentials: fake sockets and time, no jitter. */
export function fakeStreamOptions<Key extends string>(
  { sockets, time }: FakeSocketRig,
  record: (event: GroupEvent<Key>) => void = () => undefined,
) {
  return {
    createSocket: sockets.create,
    clock: time.clock,
    timers: time.timers,
    random: () => 0,
    ...recordingListener(record),
  };
}

/**
 * Lets the group open its newest socket, accepts it, and waits for the login frame, which is signed
 * asynchronously (WebCrypto). Returns the socket, ready for the test to answer the login.
 */
export async function acceptLoginSocket({ sockets, time }: FakeSocketRig): Promise<FakeSocket> {
  time.advance(0);
  const socket = sockets.last();
  socket.open();
  await vi.waitFor(() => {
    if (socket.sent.length === 0) throw new Error('no login frame was sent');
  });
  return socket;
}

export interface FakeSocketRig {
  readonly time: FakeTime;
  readonly sockets: FakeSockets;
}

/** Fake time and sockets, fresh for every test of the describe block that calls this. */
export function useFakeSockets(): FakeSocketRig {
  let time = createFakeTime();
  let sockets = createFakeSockets();
  beforeEach(() => {
    time = createFakeTime();
    sockets = createFakeSockets();
  });
  return {
    get time() {
      return time;
    },
    get sockets() {
      return sockets;
    },
  };
}

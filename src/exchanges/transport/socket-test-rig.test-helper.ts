import { createConnectionBudget, type ConnectionBudget } from './socket-budget';
import { createFakeSockets, type FakeSocket, type FakeSockets } from './socket-fake.test-helper';
import { createFakeTime, type FakeTime } from './time-fake.test-helper';
import { SocketManager } from './socket-manager';
import type { ClassifiedFrame, SocketEvent, SocketHooks, SocketState, TopicRequest } from './socket-types';

/**
 * Test support for the socket manager's tests: a minimal JSON protocol standing in for an exchange,
 * fake time and sockets, and readers for what the manager reported and sent. Production never imports it.
 */
const PONG = Symbol('pong');

export function testHooks(overrides: Partial<SocketHooks> = {}): SocketHooks {
  return {
    label: 'Test socket',
    url: 'wss://test.invalid/ws',
    maxTopicsPerRequest: 3,
    maxArgsLength: 1_000,
    argLength: (topic) => topic.topic.length,
    pingFrame: () => 'ping',
    topicKey: (topic) => topic.topic,
    subscriptionFrame: (op, topics, requestId) =>
      JSON.stringify({ op, id: requestId, args: topics.map((t) => t.topic) }),
    parse: (text) => (text === 'pong' ? PONG : (JSON.parse(text) as unknown)),
    classify: (parsed): ClassifiedFrame | undefined => {
      if (parsed === PONG) return { kind: 'pong' };
      const frame = parsed as Record<string, unknown>;
      const code = typeof frame.code === 'string' ? frame.code : '';
      if (frame.event === 'login') return { kind: 'login', ok: code === '0', code, message: 'login' };
      if (frame.event === 'notice') return { kind: 'reconnect-notice', code, message: 'upgrade soon' };
      if (frame.event === 'subscribe' || frame.event === 'unsubscribe') {
        return {
          kind: 'ack',
          op: frame.event,
          requestId: String(frame.id),
          ok: code === '0',
          code,
          message: 'ack',
        };
      }
      return undefined;
    },
    ...overrides,
  };
}

export const topics = (...names: string[]): TopicRequest[] => names.map((topic) => ({ topic }));

export interface ManagerRig {
  readonly time: FakeTime;
  readonly sockets: FakeSockets;
  readonly events: SocketEvent[];
  /** A manager on fake time and sockets; jitter is 0 unless `random` is given. */
  manager(hooks?: SocketHooks, budget?: ConnectionBudget, random?: () => number): SocketManager;
  /** Connects `manager` and lets the fake server accept: returns the open socket. */
  connected(manager: SocketManager): FakeSocket;
  states(): SocketState[];
  errors(): Extract<SocketEvent, { type: 'error' }>[];
  /** Request frames (op + args) sent on the socket opened `index`-th. */
  requests(index: number): { op: string; args: string[] }[];
  /** Advances time 100 ms at a time until the manager opens another socket; returns how long that took. */
  nextSocketAfter(): number;
}

export function createManagerRig(): ManagerRig {
  const time = createFakeTime();
  const sockets = createFakeSockets();
  const events: SocketEvent[] = [];
  return {
    time,
    sockets,
    events,
    manager: (
      hooks = testHooks(),
      budget = createConnectionBudget({ attempts: 100, windowMs: 1000 }, time.clock),
      random = () => 0,
    ) =>
      new SocketManager({
        hooks,
        createSocket: sockets.create,
        clock: time.clock,
        timers: time.timers,
        budget,
        random,
        onEvent: (event) => events.push(event),
        // Recorded as the socket group reports a frame that is no push.
        onData: (frame) => events.push({ type: 'data', frame }),
      }),
    connected: (manager) => {
      manager.connect();
      time.advance(0);
      sockets.last().open();
      return sockets.last();
    },
    states: () => events.flatMap((event) => (event.type === 'state' ? [event.state] : [])),
    errors: () => events.flatMap((event) => (event.type === 'error' ? [event] : [])),
    nextSocketAfter: () => {
      const before = sockets.all.length;
      let waited = 0;
      while (sockets.all.length === before) {
        time.advance(100);
        waited += 100;
      }
      return waited;
    },
    requests: (index) =>
      (sockets.all[index]?.sentJson() ?? []).map((frame) => {
        const { op, args } = frame as { op: string; args: string[] };
        return { op, args };
      }),
  };
}

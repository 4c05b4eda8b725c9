import type { StreamEvent } from '../model';
import { createConnectionBudget, type ConnectionBudgetLimit } from './socket-budget';
import { reconnectAllNow, SocketManager, type SocketManagerOptions } from './socket-manager';
import type { SocketEvent, SocketHooks, TopicRequest } from './socket-types';
import { errorMessage } from '../errors';

/** What a push turned into: model events, and topics whose book failed and needs a fresh snapshot. */
export interface PushResult {
  readonly events: readonly StreamEvent[];
  readonly resubscribe: readonly TopicRequest[];
}

/** No topic to resubscribe: one shared empty list, as every push that went well says so. */
export const NO_RESUBSCRIBE: readonly TopicRequest[] = Object.freeze([]);

/** A push that turned into `events` and needs no resubscribe. */
export function pushEvents(events: readonly StreamEvent[]): PushResult {
  return { events, resubscribe: NO_RESUBSCRIBE };
}

/**
 * Where a push parser hands what a push turned into, as it goes: no list or result object is built for
 * the one event most pushes make.
 */
export interface PushOutput {
  event(event: StreamEvent): void;
  /** Topics whose book failed its check: subscribed again for a fresh snapshot. */
  resubscribe(topics: readonly TopicRequest[]): void;
}

/** Hands `result` (what the books answer) to `out`: its events, then its resubscribe. */
export function emitPushResult(result: PushResult, out: PushOutput): void {
  for (const event of result.events) out.event(event);
  if (result.resubscribe.length > 0) out.resubscribe(result.resubscribe);
}

/** The exchange-specific routing of a socket group (okx/streams, bybit/streams). */
export interface StreamRoute<Key extends string> {
  socketKeyFor(topic: TopicRequest): Key;
  hooksFor(key: Key): SocketHooks;
  /**
   * Turns a push into model events handed to `out`; false when the frame is not a push (a WS trade
   * reply), which the group passes on. May throw: the group reports it as an unparseable frame.
   */
  handlePush(key: Key, frame: unknown, out: PushOutput): boolean;
  /** Drops per-topic state (books, merged quotes) of topics no longer subscribed. */
  forget(key: Key, topics: readonly TopicRequest[]): void;
}

/**
 * Where a socket group reports. A model event comes with every data frame, so it is handed on as it is,
 * with its socket's key beside it: no record is made around it per frame.
 */
export interface GroupListener<Key extends string> {
  readonly onStreamEvent: (key: Key, event: StreamEvent) => void;
  /** A socket's state changes, acks, errors and frames that are not pushes. */
  readonly onSocketEvent: (key: Key, event: SocketEvent) => void;
}

/** What every socket of the group shares (the manager's options but its hooks and events), plus the route. */
export interface SocketGroupOptions<Key extends string>
  extends Omit<SocketManagerOptions, 'hooks' | 'onEvent' | 'onData'>, GroupListener<Key> {
  readonly route: StreamRoute<Key>;
}

/** What every exchange's createXStreams takes besides its hosts and credentials. */
export interface StreamGroupOptions<Key extends string> extends GroupListener<Key> {
  readonly createSocket: SocketManagerOptions['createSocket'];
  readonly clock: SocketManagerOptions['clock'];
  readonly timers: SocketManagerOptions['timers'];
  readonly timings?: SocketManagerOptions['timings'];
  readonly random?: SocketManagerOptions['random'];
  /** Levels per side each BookEvent carries (default 25). */
  readonly bookEventDepth?: number;
  /** Shared with the exchange's other groups on this IP (docs/protocol.md "Rate limits"); one is created when not given. */
  readonly budget?: SocketManagerOptions['budget'];
}

export interface PushParser {
  /** See `StreamRoute.handlePush`. */
  handle(frame: unknown, out: PushOutput): boolean;
  forget(topics: readonly TopicRequest[]): void;
}

/** What one exchange supplies to make its socket group (okx|bybit streams.ts). */
export interface StreamGroupSpec<Key extends string> {
  socketKeyFor(topic: TopicRequest): Key;
  hooksFor(key: Key): SocketHooks;
  /** A push parser for socket `key`; `bookEventDepth` is the caller's option. */
  createParser(key: Key, bookEventDepth: number | undefined): PushParser;
  /** The exchange's connection attempts per window, used when the caller shares no budget. */
  readonly budget: ConnectionBudgetLimit;
}

/** Every socket of one exchange account, opened on first use, each with its own push parser. */
export function createStreamGroup<Key extends string>(
  options: StreamGroupOptions<Key>,
  spec: StreamGroupSpec<Key>,
): SocketGroup<Key> {
  const route = routeWithParsers(
    (topic) => spec.socketKeyFor(topic),
    (key) => spec.hooksFor(key),
    (key) => spec.createParser(key, options.bookEventDepth),
  );
  return new SocketGroup({
    ...options,
    route,
    budget: options.budget ?? createConnectionBudget(spec.budget, options.clock),
  });
}

/** A route whose pushes are parsed by one parser per socket (books and ticker merges are per socket). */
function routeWithParsers<Key extends string>(
  socketKeyFor: (topic: TopicRequest) => Key,
  hooksFor: (key: Key) => SocketHooks,
  createParser: (key: Key) => PushParser,
): StreamRoute<Key> {
  const parsers = new Map<Key, PushParser>();
  return {
    socketKeyFor,
    hooksFor,
    handlePush: (key, frame, out) => {
      let parser = parsers.get(key);
      if (parser === undefined) {
        parser = createParser(key);
        parsers.set(key, parser);
      }
      return parser.handle(frame, out);
    },
    forget: (key, topics) => {
      parsers.get(key)?.forget(topics);
    },
  };
}

/**
 * Every socket of one exchange account: topics go to the socket that carries them (opened on first use),
 * pushes come back as model events. Other frames (WS trade replies) are passed on as socket 'data' events.
 */
export class SocketGroup<Key extends string> {
  private readonly managers = new Map<Key, SocketManager>();
  private readonly listeners = new Map<Key, Set<(event: SocketEvent) => void>>();
  /** A push's events are being handed on: what throws now is a listener's, not the push's. */
  private delivering = false;

  constructor(private readonly options: SocketGroupOptions<Key>) {}

  subscribe(topics: readonly TopicRequest[]): void {
    for (const [key, group] of this.byKey(topics)) this.socket(key).subscribe(group);
  }

  unsubscribe(topics: readonly TopicRequest[]): void {
    for (const [key, group] of this.byKey(topics)) {
      const manager = this.managers.get(key);
      manager?.unsubscribe(group);
      this.options.route.forget(key, group);
      // Nobody needs the socket any more (no topic, no trade client listening): close it, so an idle
      // worker may sleep. The next subscribe opens it again.
      if (
        manager !== undefined &&
        manager.wantedTopics().length === 0 &&
        (this.listeners.get(key)?.size ?? 0) === 0
      )
        manager.close();
    }
  }

  /** The socket for `key`, created (not yet connected) on first use. */
  socket(key: Key): SocketManager {
    const existing = this.managers.get(key);
    if (existing !== undefined) return existing;
    const out: PushOutput = {
      event: (event) => {
        this.delivering = true;
        this.options.onStreamEvent(key, event);
        this.delivering = false;
      },
      resubscribe: (topics) => {
        manager.resubscribe(topics);
      },
    };
    const manager = new SocketManager({
      ...this.options,
      hooks: this.options.route.hooksFor(key),
      onEvent: (event) => {
        this.emitSocketEvent(key, event);
      },
      onData: (frame) => {
        this.handleData(key, out, frame);
      },
    });
    this.managers.set(key, manager);
    return manager;
  }

  /**
   * Also hands every socket event of `key` (state changes, frames that are not pushes) to `listener`:
   * how the WS trade client sees its replies. Returns the function that removes it.
   */
  listen(key: Key, listener: (event: SocketEvent) => void): () => void {
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => set.delete(listener);
  }

  /** The network is back: every socket waiting out a backoff tries again now. */
  reconnectNow(): void {
    reconnectAllNow(this.managers.values());
  }

  /** Closes every socket deliberately (no reconnect). */
  close(): void {
    for (const manager of this.managers.values()) manager.close();
  }

  /**
   * A data frame: a push becomes model events for the listeners; any other frame goes to the socket's
   * listeners as a 'data' event. A push that cannot be read is an unparseable frame; a listener that
   * throws is the socket's to report (a handler error), as before any event was handed on.
   */
  private handleData(key: Key, out: PushOutput, frame: unknown): void {
    let pushed: boolean;
    try {
      pushed = this.options.route.handlePush(key, frame, out);
    } catch (error) {
      if (this.delivering) {
        this.delivering = false;
        throw error;
      }
      this.emitSocketEvent(key, {
        type: 'error',
        reason: 'unparseable',
        code: '',
        message: errorMessage(error),
      });
      return;
    }
    if (!pushed) this.emitSocketEvent(key, { type: 'data', frame });
  }

  private emitSocketEvent(key: Key, event: SocketEvent): void {
    for (const listener of this.listeners.get(key) ?? []) listener(event);
    this.options.onSocketEvent(key, event);
  }

  private byKey(topics: readonly TopicRequest[]): Map<Key, TopicRequest[]> {
    const groups = new Map<Key, TopicRequest[]>();
    for (const topic of topics) {
      const key = this.options.route.socketKeyFor(topic);
      groups.set(key, [...(groups.get(key) ?? []), topic]);
    }
    return groups;
  }
}

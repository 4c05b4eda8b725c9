import type {
  AccountStreamRequest,
  ExchangeStreams,
  SocketStatusEvent,
  StreamRequest,
} from './exchange-types';
import type { StreamEvent } from './model';
import type { GroupListener, SocketGroup } from './transport/socket-group';
import type { TopicRequest } from './transport/socket-types';
import type { Clock, TimerHandle, Timers } from './transport/timers';
import { errorMessage } from './errors';

/**
 * What an exchange makes of a model stream request: its topics (OKX fills one quote from several
 * channels), and the socket that carries them.
 */
export interface StreamTopic<Key extends string> {
  readonly key: Key;
  readonly topics: readonly TopicRequest[];
  /** Candles only: the exchange's own name of the interval, which its events carry. */
  readonly candleInterval?: string;
}

export interface StreamRouterOptions<Key extends string> {
  /** Builds the exchange's socket group around the router's listener. */
  createGroup(listener: GroupListener<Key>): SocketGroup<Key>;
  /** Throws at once on a request the exchange cannot serve; may settle later when it must look something up. */
  translate(request: StreamRequest): StreamTopic<Key> | Promise<StreamTopic<Key>>;
  readonly clock: Clock;
  readonly timers: Timers;
  /** How often data-age events go out while someone listens to status (default 1000 ms). */
  readonly dataAgeIntervalMs?: number;
}

const ACCOUNT_KINDS: ReadonlySet<string> = new Set([
  'orders',
  'positions',
  'balances',
  'executions',
  'protection',
]);

export function isAccountRequest(request: StreamRequest): request is AccountStreamRequest {
  return ACCOUNT_KINDS.has(request.kind);
}

/** The model events a request's listener is given: its own kind, symbol and socket. */
function accepts(request: StreamRequest, target: StreamTopic<string>, event: StreamEvent): boolean {
  switch (request.kind) {
    case 'orders':
      return event.kind === 'order';
    case 'positions':
      return event.kind === 'position';
    case 'balances':
      return event.kind === 'wallet';
    case 'executions':
      return event.kind === 'execution';
    case 'protection':
      return event.kind === 'protection';
    case 'quote':
      return event.kind === 'ticker' && event.symbol === request.instrument.symbol;
    case 'trades':
      return event.kind === 'trades' && event.symbol === request.instrument.symbol;
    case 'book':
      return (
        (event.kind === 'book' || event.kind === 'book-resync') && event.symbol === request.instrument.symbol
      );
    case 'candles':
      return (
        event.kind === 'candle' &&
        event.symbol === request.instrument.symbol &&
        event.interval === target.candleInterval
      );
  }
}

function topicId(key: string, topic: TopicRequest): string {
  const payload = Object.entries(topic.payload ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([key, topic.topic, payload]);
}

interface Listener {
  readonly request: StreamRequest;
  readonly target: StreamTopic<string>;
  readonly deliver: (event: StreamEvent) => void;
}

/**
 * Listeners are filed by socket, then by instrument ('' for account listeners), so a push is checked only
 * against the few that may want it, however many instruments are streamed. Two map lookups, not a key
 * string joined for every push.
 */
type Routes = Map<string, Map<string, Set<Listener>>>;

function routeSymbol(request: StreamRequest): string {
  return isAccountRequest(request) ? '' : request.instrument.symbol;
}

function deliverTo(listeners: Set<Listener> | undefined, event: StreamEvent): void {
  if (listeners === undefined) return;
  for (const listener of listeners)
    if (accepts(listener.request, listener.target, event)) listener.deliver(event);
}

function deliver(routes: Routes, socket: string, event: StreamEvent): void {
  const bySymbol = routes.get(socket);
  if (bySymbol === undefined) return;
  const symbol = 'symbol' in event ? event.symbol : '';
  if (symbol !== '') deliverTo(bySymbol.get(symbol), event);
  deliverTo(bySymbol.get(''), event);
}

/**
 * Model stream requests over one exchange's socket group: each request becomes the exchange's topic,
 * listeners of one topic share one subscription (dropped with its last listener), and every socket's
 * state, errors and data age (time since its last push) go to status listeners.
 */
export function createStreamRouter<Key extends string>(
  options: StreamRouterOptions<Key>,
): { readonly streams: ExchangeStreams; readonly group: SocketGroup<Key> } {
  /** By topic: how many listeners share each subscription. */
  const shares = new Map<string, number>();
  const routes: Routes = new Map();
  const statusListeners = new Set<(event: SocketStatusEvent) => void>();
  /** Each socket's last push time, in a box written in place (a map entry set per push would be a new number). */
  const lastPush = new Map<Key, { at: number }>();
  const activeKeys = new Map<Key, number>();
  const intervalMs = options.dataAgeIntervalMs ?? 1000;
  /** Boxed: a timer handle may be any value, undefined included. */
  let ageTimer: { readonly handle: TimerHandle } | undefined;

  const emitStatus = (event: SocketStatusEvent): void => {
    for (const listener of statusListeners) listener(event);
  };

  const group = options.createGroup({
    onStreamEvent: (socket, event) => {
      const pushed = lastPush.get(socket);
      if (pushed === undefined) lastPush.set(socket, { at: options.clock.now() });
      else pushed.at = options.clock.now();
      deliver(routes, socket, event);
    },
    onSocketEvent: (socket, socketEvent) => {
      if (socketEvent.type === 'state') emitStatus({ type: 'state', socket, state: socketEvent.state });
      else if (socketEvent.type === 'authenticated') emitStatus({ type: 'logged-in', socket });
      else if (socketEvent.type === 'subscribed') emitStatus({ type: 'subscribed', socket });
      else if (socketEvent.type === 'error')
        emitStatus({ type: 'error', socket, reason: socketEvent.reason, message: socketEvent.message });
    },
  });

  function emitAges(): void {
    ageTimer = undefined;
    const now = options.clock.now();
    for (const key of activeKeys.keys()) {
      const last = lastPush.get(key);
      emitStatus({ type: 'data-age', socket: key, ageMs: last === undefined ? undefined : now - last.at });
    }
    scheduleAges();
  }

  function scheduleAges(): void {
    if (ageTimer === undefined && statusListeners.size > 0)
      ageTimer = { handle: options.timers.setTimeout(emitAges, intervalMs) };
  }

  /** Adds `delta` to each topic's share count; returns the topics that started (+1) or ended (-1). */
  function share(key: Key, topics: readonly TopicRequest[], delta: 1 | -1): TopicRequest[] {
    const changed: TopicRequest[] = [];
    for (const topic of topics) {
      const id = topicId(key, topic);
      const count = (shares.get(id) ?? 0) + delta;
      if (count === 0) shares.delete(id);
      else shares.set(id, count);
      if ((delta === 1 && count === 1) || (delta === -1 && count === 0)) changed.push(topic);
    }
    const active = (activeKeys.get(key) ?? 0) + delta * changed.length;
    if (active === 0) activeKeys.delete(key);
    else activeKeys.set(key, active);
    return changed;
  }

  function start(target: StreamTopic<Key>, listener: Listener): () => void {
    const bySymbol = routes.get(target.key) ?? new Map<string, Set<Listener>>();
    routes.set(target.key, bySymbol);
    const symbol = routeSymbol(listener.request);
    const routed = bySymbol.get(symbol) ?? new Set();
    bySymbol.set(symbol, routed);
    routed.add(listener);
    const started = share(target.key, target.topics, 1);
    if (started.length > 0) group.subscribe(started);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      routed.delete(listener);
      if (routed.size === 0 && bySymbol.get(symbol) === routed) bySymbol.delete(symbol);
      if (bySymbol.size === 0 && routes.get(target.key) === bySymbol) routes.delete(target.key);
      const ended = share(target.key, target.topics, -1);
      if (ended.length > 0) group.unsubscribe(ended);
    };
  }

  const streams: ExchangeStreams = {
    subscribe: (request, deliver) => {
      const translated = options.translate(request);
      if (!(translated instanceof Promise))
        return start(translated, { request, target: translated, deliver });
      let stop: (() => void) | undefined;
      let stopped = false;
      translated.then(
        (target) => {
          if (!stopped) stop = start(target, { request, target, deliver });
        },
        (error: unknown) => {
          emitStatus({ type: 'error', socket: '', reason: 'request-failed', message: errorMessage(error) });
        },
      );
      return () => {
        stopped = true;
        stop?.();
      };
    },
    onStatus: (listener) => {
      statusListeners.add(listener);
      scheduleAges();
      return () => {
        statusListeners.delete(listener);
        if (statusListeners.size === 0 && ageTimer !== undefined) {
          options.timers.clearTimeout(ageTimer.handle);
          ageTimer = undefined;
        }
      };
    },
  };
  return { streams, group };
}

import { DEFAULT_SOCKET_TIMINGS, reconnectDelay, type SocketTimings } from './socket-config';
import type { ConnectionBudget } from './socket-budget';
import { SubscriptionTraffic } from './socket-subscription-traffic';
import type {
  ClassifiedFrame,
  SocketErrorReason,
  SocketEvent,
  SocketHooks,
  SocketState,
  SubscriptionOp,
  TopicRequest,
  SocketCloseInfo,
  WebSocketFactory,
} from './socket-types';
import { SocketConnection, type ConnectionListener } from './socket-connection';
import { Heartbeat } from './socket-heartbeat';
import { NamedTimers } from './socket-timers';
import type { Clock, Timers } from './timers';
import { errorMessage } from '../errors';

export interface SocketManagerOptions {
  readonly hooks: SocketHooks;
  readonly createSocket: WebSocketFactory;
  readonly clock: Clock;
  readonly timers: Timers;
  /** Shared by every socket of one exchange (docs/protocol.md "Rate limits"). */
  readonly budget: ConnectionBudget;
  readonly timings?: Partial<SocketTimings> | undefined;
  /** Returns [0, 1): the backoff jitter. Injected so tests are deterministic. */
  readonly random?: (() => number) | undefined;
  readonly onEvent: (event: SocketEvent) => void;
  /** Every frame that is not a control reply (pushes, WS trade responses), as parsed: no event wraps it. */
  readonly onData: (frame: unknown) => void;
}

type TimerName = 'open' | 'stuck' | 'healthy' | 'login' | 'close';

/**
 * One exchange socket: connect, heartbeat, reconnect with backoff, stuck detection, login, and the
 * subscriptions that must survive reconnects (docs/architecture.md "Exchange connectivity rules"). Everything that
 * goes wrong is reported through `onEvent`; no socket callback ever throws.
 */
export class SocketManager {
  private current: SocketState = 'initial';
  private connection: SocketConnection | undefined;
  /** The connection opening to take over from `connection` before the exchange closes it (OKX 64008). */
  private successor: SocketConnection | undefined;
  private readonly timings: SocketTimings;
  private readonly subscriptions: SubscriptionTraffic;
  private readonly named: NamedTimers<TimerName>;
  private readonly heartbeat: Heartbeat;
  private failedAttempts = 0;
  private everOpened = false;
  private authenticated = false;
  /** This connection skipped the login because no wanted topic needed one. */
  private openedWithoutLogin = false;
  /** connect() (or a subscribe) arrived while a deliberate close was finishing: open again once it has. */
  private reopenAfterClose = false;
  /** When the scheduled attempt was reserved for in the connection budget (epoch ms). */
  private openReservedAt: number | undefined;

  constructor(private readonly options: SocketManagerOptions) {
    this.timings = { ...DEFAULT_SOCKET_TIMINGS, ...options.timings };
    this.named = new NamedTimers(options.timers);
    this.heartbeat = new Heartbeat(
      options.timers,
      this.timings.pingIntervalMs,
      this.timings.pongTimeoutMs,
      () => this.sendFrame(options.hooks.pingFrame()),
      () => {
        this.emitError('pong-timeout', '', `missed its pong within ${this.timings.pongTimeoutMs} ms`);
        this.dropAndRetry(true);
      },
    );
    this.subscriptions = new SubscriptionTraffic(
      options.hooks,
      options.timers,
      this.timings.ackTimeoutMs,
      (event) => {
        if (event.type === 'subscribed') this.established();
        options.onEvent(event);
      },
    );
  }

  get state(): SocketState {
    return this.current;
  }

  /** Connected, and logged in when this socket needs a login: requests may be sent. */
  get ready(): boolean {
    return this.current === 'connected' && (this.authenticated || this.loginToSend() === undefined);
  }

  connect(): void {
    if (this.current === 'closing') this.reopenAfterClose = true;
    if (this.current !== 'initial' && this.current !== 'error') return;
    this.named.clear('open');
    this.setState('connecting');
    this.scheduleOpen(0);
  }

  /** Deliberate close: closing -> initial, no reconnect. Wanted topics are kept for a later connect. */
  close(): void {
    this.reopenAfterClose = false;
    if (this.current === 'initial' || this.current === 'closing') return;
    this.named.clearAll();
    this.heartbeat.stop();
    this.subscriptions.connectionLost();
    this.authenticated = false;
    this.dropSuccessor();
    const connection = this.connection;
    this.setState('closing');
    if (connection === undefined) {
      this.setState('initial');
      return;
    }
    this.named.start('close', this.timings.closeTimeoutMs, () => {
      this.finishClose();
    });
    connection.close();
  }

  subscribe(topics: readonly TopicRequest[]): void {
    const added = this.subscriptions.want(topics);
    if (this.ready) this.sendRequests('subscribe', added);
    // A topic now needs the login this connection skipped: reopen, log in, subscribe everything wanted.
    else if (this.current === 'connected' && this.openedWithoutLogin) this.plannedReconnect();
    else this.connect();
  }

  unsubscribe(topics: readonly TopicRequest[]): void {
    const removed = this.subscriptions.unwant(topics);
    if (this.ready) this.sendRequests('unsubscribe', removed);
  }

  /** Unsubscribe then subscribe again: the exchange sends a fresh snapshot (used when a book goes bad). */
  resubscribe(topics: readonly TopicRequest[]): void {
    const wanted = topics.filter((topic) => this.subscriptions.isWanted(topic));
    if (!this.ready || wanted.length === 0) return;
    this.sendRequests('unsubscribe', wanted);
    this.sendRequests('subscribe', wanted);
  }

  /**
   * First half of `reconnectAllNow`: a socket waiting out its backoff stops waiting and gives back its
   * budget reservation; true if it did (then `retryNow` must follow). A socket that is connected,
   * closed on purpose or already trying is left alone.
   */
  stopWaiting(): boolean {
    const waiting = this.current === 'reconnecting' || this.current === 'error';
    if (!waiting || this.connection !== undefined || !this.named.has('open')) return false;
    this.named.clear('open');
    if (this.openReservedAt !== undefined) this.options.budget.cancel(this.openReservedAt);
    this.openReservedAt = undefined;
    return true;
  }

  /** Second half of `reconnectAllNow`: tries again now, from the first step of the backoff. */
  retryNow(): void {
    this.failedAttempts = 0;
    this.scheduleOpen(0);
  }

  wantedTopics(): TopicRequest[] {
    return this.subscriptions.wantedTopics();
  }

  /** Sends a request frame (WS trading). False when the socket is not ready. */
  send(text: string): boolean {
    return this.ready && this.sendFrame(text);
  }

  private sendFrame(text: string): boolean {
    return this.connection?.send(text) ?? false;
  }

  private scheduleOpen(delayMs: number): void {
    const wait = this.options.budget.reserve(delayMs);
    this.openReservedAt = this.options.clock.now() + wait;
    this.named.start('open', wait, () => {
      this.openReservedAt = undefined;
      this.openNow();
    });
  }

  private openNow(): void {
    if (this.current !== 'connecting') this.setState('reconnecting');
    this.named.start('stuck', this.timings.stuckAfterMs, () => {
      this.emitError('stuck', '', `did not connect within ${this.timings.stuckAfterMs} ms`);
      this.setState('error');
      this.dropAndRetry(false);
    });
    this.connection = this.openConnection({
      opened: () => {
        this.handleOpen();
      },
      control: (frame) => {
        this.dispatch(frame);
      },
      data: this.options.onData,
      problem: (reason, detail) => {
        this.emitError(reason, '', detail);
      },
      closed: (info) => {
        this.handleClose(info);
      },
    });
  }

  /** A new connection to the socket's address; undefined (and a retry scheduled) when none can be made. */
  private openConnection(listener: ConnectionListener): SocketConnection | undefined {
    try {
      return new SocketConnection(
        this.options.createSocket,
        this.options.hooks.url,
        this.options.hooks,
        listener,
      );
    } catch (error) {
      this.emitError('socket-error', '', `could not open: ${errorMessage(error)}`);
      this.dropAndRetry(true);
      return undefined;
    }
  }

  private handleClose(info: SocketCloseInfo): void {
    if (this.current === 'closing') {
      this.finishClose();
      return;
    }
    this.emitError('closed-by-server', String(info.code), `closed: ${info.code} ${info.reason}`.trim());
    this.dropAndRetry(true);
  }

  private handleOpen(): void {
    this.named.clear('stuck');
    this.setState('connected');
    this.options.onEvent({ type: 'open', reconnected: this.everOpened });
    this.everOpened = true;
    this.named.start('healthy', this.timings.healthyAfterMs, () => {
      this.failedAttempts = 0;
    });
    this.heartbeat.start();
    const login = this.loginToSend();
    this.openedWithoutLogin = login === undefined;
    if (login === undefined) this.sendRequests('subscribe', this.subscriptions.wantedTopics());
    else this.startLogin(login);
  }

  /** The login builder when this socket must log in for what it carries now, else undefined. */
  private loginToSend(): (() => Promise<string>) | undefined {
    const { login, needsLogin } = this.options.hooks;
    if (login === undefined || needsLogin === undefined) return login;
    return needsLogin(this.subscriptions.wantedTopics()) ? login : undefined;
  }

  private startLogin(buildLogin: () => Promise<string>): void {
    const connection = this.connection;
    this.named.start('login', this.timings.loginTimeoutMs, () => {
      this.emitError('login-timeout', '', `login got no reply within ${this.timings.loginTimeoutMs} ms`);
      this.dropAndRetry(true);
    });
    buildLogin().then(
      (frame) => {
        if (this.connection === connection) this.sendFrame(frame);
      },
      (error: unknown) => {
        this.named.clear('login');
        this.options.onEvent({
          type: 'error',
          reason: 'missing-credentials',
          code: '',
          message: errorMessage(error),
        });
      },
    );
  }

  private dispatch(frame: ClassifiedFrame): void {
    switch (frame.kind) {
      case 'pong':
        this.heartbeat.pong();
        return;
      case 'login':
        this.handleLogin(frame);
        return;
      case 'ack':
        this.subscriptions.settle(frame);
        return;
      case 'reconnect-notice':
        this.emitError('exchange-error', frame.code, `: ${frame.message} (planned reconnect)`);
        this.replaceBeforeClose();
        return;
      case 'error':
        this.handleExchangeError(frame);
        return;
      case 'ignore':
        return;
    }
  }

  private handleLogin(frame: Extract<ClassifiedFrame, { kind: 'login' }>): void {
    this.named.clear('login');
    if (!frame.ok) {
      // No private subscription goes out on an unauthenticated socket. A refused login (OKX 60006 clock
      // skew, a key not yet active) may pass next time, so reconnect and log in again; the backoff caps
      // the retries (docs/architecture.md "Exchange connectivity rules").
      this.emitError(
        'login-failed',
        frame.code,
        `login failed: ${codeAndMessage(frame.code, frame.message)}`,
      );
      this.dropAndRetry(true);
      return;
    }
    this.authenticated = true;
    this.established();
    this.options.onEvent({ type: 'authenticated' });
    this.sendRequests('subscribe', this.subscriptions.wantedTopics());
  }

  private handleExchangeError(frame: Extract<ClassifiedFrame, { kind: 'error' }>): void {
    if (
      frame.requestId !== undefined &&
      this.subscriptions.rejectRequest(frame.requestId, frame.code, frame.message)
    )
      return;
    if (this.options.hooks.login !== undefined && !this.authenticated && this.named.has('login')) {
      this.handleLogin({ kind: 'login', ok: false, code: frame.code, message: frame.message });
      return;
    }
    const message = `${this.options.hooks.label}: ${codeAndMessage(frame.code, frame.message)}`;
    const requestId = frame.requestId === undefined ? {} : { requestId: frame.requestId };
    this.options.onEvent({
      type: 'error',
      reason: 'exchange-error',
      code: frame.code,
      message,
      ...requestId,
    });
  }

  private sendRequests(op: SubscriptionOp, topics: readonly TopicRequest[]): void {
    if (this.connection === undefined || topics.length === 0) return;
    this.subscriptions.send(op, topics, (text) => this.sendFrame(text));
  }

  /**
   * The exchange logged this connection in or confirmed its topics: it works, so a later cut is the
   * network's, not a refusal, and the next reconnect starts the backoff over. Without this a network
   * that drops every few seconds would push each reconnect further out (up to 30 s of no data) although
   * every one of them succeeded; the shared connection budget still caps how often sockets open.
   */
  private established(): void {
    this.failedAttempts = 0;
  }

  /** OKX 64008: the server will close soon; reconnect now without counting it as a failure. */
  private plannedReconnect(): void {
    this.abandonSocket();
    this.setState('reconnecting');
    this.scheduleOpen(0);
  }

  /**
   * OKX 64008: the exchange will close this socket soon. The old socket keeps streaming while a new one
   * opens; the new one takes over once open (login, subscriptions), so the socket never reports itself
   * down and the caller sees no gap beyond one login and subscribe. Not counted as a failure.
   */
  private replaceBeforeClose(): void {
    if (this.successor !== undefined || this.named.has('open')) return;
    this.named.start('open', this.options.budget.reserve(0), () => {
      this.openSuccessor();
    });
  }

  private openSuccessor(): void {
    this.named.start('stuck', this.timings.stuckAfterMs, () => {
      this.emitError('stuck', '', `did not connect within ${this.timings.stuckAfterMs} ms`);
      this.dropAndRetry(true);
    });
    const successor = this.openConnection({
      opened: () => {
        if (successor !== undefined) this.takeOver(successor);
      },
      control: (frame) => {
        if (successor !== undefined && this.connection === successor) this.dispatch(frame);
      },
      data: (frame) => {
        if (successor !== undefined && this.connection === successor) this.options.onData(frame);
      },
      problem: (reason, detail) => {
        this.emitError(reason, '', detail);
      },
      closed: (info) => {
        // Closed before it opened: the old socket is going away, so fall back to a plain reconnect.
        if (successor !== undefined && this.connection === successor) this.handleClose(info);
        else {
          this.emitError('closed-by-server', String(info.code), `closed: ${info.code} ${info.reason}`.trim());
          this.dropAndRetry(true);
        }
      },
    });
    this.successor = successor;
  }

  /** The successor is open: the old socket is dropped and the new one carries on as after any open. */
  private takeOver(successor: SocketConnection): void {
    this.successor = undefined;
    this.abandonSocket();
    this.connection = successor;
    this.handleOpen();
  }

  private dropSuccessor(): void {
    this.successor?.abandon();
    this.successor = undefined;
  }

  /** The socket died (closed, silent, stuck): tear it down and try again after the backoff delay. */
  private dropAndRetry(enterReconnecting: boolean): void {
    this.abandonSocket();
    if (enterReconnecting) this.setState('reconnecting');
    this.scheduleOpen(reconnectDelay(this.failedAttempts, this.timings, this.options.random ?? Math.random));
    this.failedAttempts += 1;
  }

  private abandonSocket(): void {
    this.dropSuccessor();
    this.named.clearAll();
    this.heartbeat.stop();
    this.subscriptions.connectionLost();
    this.authenticated = false;
    this.openedWithoutLogin = false;
    this.connection?.abandon();
    this.connection = undefined;
  }

  private finishClose(): void {
    this.abandonSocket();
    this.setState('initial');
    if (!this.reopenAfterClose) return;
    this.reopenAfterClose = false;
    this.connect();
  }

  private setState(next: SocketState): void {
    const previous = this.current;
    if (previous === next) return;
    this.current = next;
    this.options.onEvent({ type: 'state', state: next, previous });
  }

  /** Reports a failure as an event, prefixed with the socket's label ("OKX private socket"). */
  private emitError(reason: SocketErrorReason, code: string, detail: string): void {
    const message = detail.startsWith(':')
      ? `${this.options.hooks.label}${detail}`
      : `${this.options.hooks.label} ${detail}`;
    this.options.onEvent({ type: 'error', reason, code, message });
  }
}

/**
 * The network is back (the browser went from offline to online): every socket of `managers` waiting out
 * a backoff tries again now instead of sleeping up to 30 s more. All give back their budget reservations
 * before any reserves again: the budget queues an attempt after the last one reserved, so one socket's
 * far-off reservation would otherwise hold the others behind it.
 */
export function reconnectAllNow(managers: Iterable<SocketManager>): void {
  const waiting = [...managers].filter((manager) => manager.stopWaiting());
  for (const manager of waiting) manager.retryNow();
}

function codeAndMessage(code: string, message: string): string {
  return [code, message].filter((part) => part !== '').join(' ');
}

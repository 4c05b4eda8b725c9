/**
 * The vocabulary of the socket manager: the WebSocket it is handed, its states, what it reports, and
 * the small hooks each exchange supplies (docs/architecture.md "Exchange connectivity
 * rules" and "Conventions").
 */

/**
 * A handler property typed so both the browser's WebSocket and the `ws` package fit: method syntax makes
 * the parameter bivariant, so `(e: CloseEvent) => void` is accepted where we only read `code`/`reason`.
 */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

export interface SocketCloseInfo {
  readonly code: number;
  readonly reason: string;
}

export interface SocketMessageInfo {
  readonly data: unknown;
}

/** The part of a WebSocket the manager uses. The browser's WebSocket and `ws`'s WebSocket both satisfy it. */
export interface WebSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onclose: Handler<SocketCloseInfo> | null;
  onerror: Handler<unknown> | null;
  onmessage: Handler<SocketMessageInfo> | null;
}

/** Opens a socket to `url` (the worker passes `(url) => new WebSocket(url)`; tests pass `ws` or a fake). */
export type WebSocketFactory = (url: string) => WebSocketLike;

/** Exactly the states of docs/architecture.md. */
export type SocketState = 'initial' | 'connecting' | 'connected' | 'closing' | 'reconnecting' | 'error';

/** A topic request: a topic name plus an optional payload (OKX: `{channel:'tickers'}` + `{instId}`). */
export interface TopicRequest {
  readonly topic: string;
  readonly payload?: Readonly<Record<string, string>>;
}

export type SubscriptionOp = 'subscribe' | 'unsubscribe';

/**
 * A control reply an exchange hook recognised in one incoming frame. Every other frame (pushes, WS trade
 * responses) is data: `classify` answers undefined and the frame is passed on as parsed, unwrapped, as
 * nearly every frame is one.
 */
export type ClassifiedFrame =
  | { readonly kind: 'pong' }
  | { readonly kind: 'login'; readonly ok: boolean; readonly code: string; readonly message: string }
  | {
      readonly kind: 'ack';
      readonly op: SubscriptionOp;
      /** The request id echoed back, when the exchange echoes one. */
      readonly requestId?: string;
      /** Set when the ack names the topics it is about (OKX `arg`, Bybit option `successTopics`/`failTopics`). */
      readonly acceptedKeys?: readonly string[];
      readonly rejectedKeys?: readonly string[];
      readonly ok: boolean;
      readonly code: string;
      readonly message: string;
    }
  /** The exchange announced it will close this socket soon (OKX 64008): reconnect now, on our terms. */
  | { readonly kind: 'reconnect-notice'; readonly code: string; readonly message: string }
  | { readonly kind: 'error'; readonly code: string; readonly message: string; readonly requestId?: string }
  | { readonly kind: 'ignore' };

/** What the manager reports. Failures are events, never exceptions out of a socket callback. */
export type SocketEvent =
  | { readonly type: 'state'; readonly state: SocketState; readonly previous: SocketState }
  | { readonly type: 'open'; readonly reconnected: boolean }
  | { readonly type: 'authenticated' }
  | { readonly type: 'subscribed'; readonly topics: readonly TopicRequest[] }
  | { readonly type: 'unsubscribed'; readonly topics: readonly TopicRequest[] }
  | {
      readonly type: 'rejected';
      readonly op: SubscriptionOp;
      readonly topics: readonly TopicRequest[];
      readonly code: string;
      readonly message: string;
    }
  /**
   * A parsed frame that is not a control reply nor a push: WS trade responses the trade layer matches.
   * The socket group reports these; a manager hands every data frame to its `onData` instead.
   */
  | { readonly type: 'data'; readonly frame: unknown }
  | {
      readonly type: 'error';
      readonly reason: SocketErrorReason;
      readonly code: string;
      readonly message: string;
      /** The id of the request the exchange refused, when its error names one (a WS trade request). */
      readonly requestId?: string;
    };

export type SocketErrorReason =
  | 'socket-error'
  | 'stuck'
  | 'pong-timeout'
  | 'login-failed'
  | 'login-timeout'
  | 'missing-credentials'
  | 'unparseable'
  | 'handler-error'
  | 'exchange-error'
  | 'closed-by-server';

/** The exchange-specific part of a socket: built by okx/streams and bybit/streams. */
export interface SocketHooks {
  /** Used in messages ("OKX private socket"). */
  readonly label: string;
  readonly url: string;
  /** Max topics in one subscribe/unsubscribe request (Bybit spot public 10, others 500; OKX none). */
  readonly maxTopicsPerRequest: number;
  /**
   * Limit on the total length of one request's args (OKX 64 KB, Bybit public 21,000 characters;
   * docs/protocol.md "Sockets"), measured with `argLength`.
   */
  readonly maxArgsLength: number;
  /** The serialised length of one topic's arg. */
  argLength(topic: TopicRequest): number;
  /** The ping text frame (OKX the bare string `ping`, Bybit `{"op":"ping"}`). */
  pingFrame(): string;
  /** Builds the login frame, or undefined for a socket that needs none. Throws only on missing credentials. */
  readonly login?: () => Promise<string>;
  /**
   * With a login: whether these wanted topics need it. Without this hook every connection logs in; with
   * it a socket that carries only public topics (OKX /business candles) opens without credentials.
   */
  readonly needsLogin?: (topics: readonly TopicRequest[]) => boolean;
  /** A stable key for a topic request; acks that name topics use the same key. */
  topicKey(topic: TopicRequest): string;
  subscriptionFrame(op: SubscriptionOp, topics: readonly TopicRequest[], requestId: string): string;
  /** The frame's value: its JSON (OKX's plain-text pong has its own). Throws on an unreadable frame. */
  parse(text: string): unknown;
  /** The control reply `frame` is, or undefined for a data frame. Throws on a frame of no known shape. */
  classify(frame: unknown): ClassifiedFrame | undefined;
}

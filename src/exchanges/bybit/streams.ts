import { BYBIT_CONNECTION_BUDGET } from '../transport/socket-budget';
import { createStreamGroup, type SocketGroup, type StreamGroupOptions } from '../transport/socket-group';
import { socketLogin } from '../transport/socket-login';
import { frameText } from '../transport/socket-parse';
import type { ClassifiedFrame, SocketHooks, TopicRequest } from '../transport/socket-types';
import {
  bybitSocketUrl,
  type BybitHostOptions,
  type BybitPublicSocketKey,
  type BybitSocketKey,
} from './hosts';
import {
  bybitWsAuthArgs,
  DEFAULT_RECV_WINDOW_MS,
  resolveBybitCredentials,
  type PartialBybitCredentials,
} from './sign';
import { BybitPushParser } from './streams-parse';

export type BybitCategory = 'spot' | 'linear' | 'inverse' | 'option';

const PUBLIC_KEYS: Record<BybitCategory, BybitPublicSocketKey> = {
  spot: 'spotPublic',
  linear: 'linearPublic',
  inverse: 'inversePublic',
  option: 'optionPublic',
};

/** Private topics and their categorised variants (docs/protocol.md "Bybit pushes"): `order`, `order.linear`, `execution.fast`… */
const PRIVATE_TOPICS = new Set(['order', 'execution', 'position', 'wallet', 'greeks', 'dcp']);

/**
 * Which socket carries a topic. Public topics name their market in the payload (`{category:'spot'}`),
 * because the same `tickers.BTCUSDT` exists on the spot and the linear stream; linear is the default.
 */
export function bybitSocketKeyForTopic(topic: TopicRequest): BybitSocketKey {
  if (PRIVATE_TOPICS.has(topic.topic.split('.')[0] ?? '')) return 'private';
  const category = topic.payload?.category;
  return category !== undefined && category in PUBLIC_KEYS
    ? PUBLIC_KEYS[category as BybitCategory]
    : 'linearPublic';
}

/** Every public connection: the `args` array must stay within 21,000 characters (docs/protocol.md "Bybit sockets"). */
export const BYBIT_MAX_ARGS_LENGTH = 21_000;

/** Spot public: 10 args per subscribe (Bybit docs); others 500 (bybit-api's choice; docs/protocol.md "Bybit sockets"). */
export function bybitMaxTopicsPerRequest(key: BybitSocketKey): number {
  return key === 'spotPublic' ? 10 : 500;
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * The product's labels for Bybit WebSocket codes (docs/architecture.md). Bybit's docs word some differently
 * (docs/protocol.md "Bybit socket error labels"), so the exchange's own message is always shown beside the label.
 */
const WS_ERROR_LABELS: Readonly<Record<string, string>> = {
  '-1004': 'not authenticated (spot v3)',
  '10001': 'generic API error',
  '10003': 'API signature or authentication failed',
  '3303006': 'USDC option authentication failed',
};

export function describeBybitWsError(code: string, exchangeMessage: string): string {
  const label = WS_ERROR_LABELS[code];
  if (label === undefined) return exchangeMessage;
  return exchangeMessage === '' ? label : `${label} (Bybit: ${exchangeMessage})`;
}

const PONG: ClassifiedFrame = { kind: 'pong' };
const IGNORE: ClassifiedFrame = { kind: 'ignore' };

/** Every Bybit frame is JSON. */
export function parseBybitFrame(raw: string): unknown {
  return JSON.parse(raw);
}

/**
 * Reads one Bybit control frame (docs/protocol.md "Bybit sockets", "Bybit trade socket"): pongs of every
 * stream shape, auth and subscribe acks; undefined for data (pushes, trade responses).
 */
export function classifyBybitFrame(frame: unknown): ClassifiedFrame | undefined {
  if (typeof frame !== 'object' || frame === null) throw new Error('not a JSON object');
  const record = frame as Record<string, unknown>;
  const op = record.op;
  // A push (a topic, no op, not a command reply) is nearly every frame: it needs none of what follows.
  if (op === undefined && 'topic' in record && record.type !== 'COMMAND_RESP') return undefined;
  // Public/private streams answer with `success`; the trade stream with `retCode`.
  const ok = record.success === true || record.retCode === 0;
  const code = frameText(record.retCode);
  const message = describeBybitWsError(code, frameText(record.ret_msg ?? record.retMsg));
  const requestId = frameText(record.req_id) === '' ? {} : { requestId: frameText(record.req_id) };
  if (op === 'pong' || (op === 'ping' && message === 'pong')) return PONG;
  if (op === 'auth') return { kind: 'login', ok, code, message };
  if (record.type === 'COMMAND_RESP') {
    // Option and spread streams name the topics that failed (docs/protocol.md "Bybit sockets").
    const data = (typeof record.data === 'object' && record.data !== null ? record.data : {}) as Record<
      string,
      unknown
    >;
    const rejectedKeys = list(data.failTopics);
    const subscribeOp = op === 'unsubscribe' ? 'unsubscribe' : 'subscribe';
    return {
      kind: 'ack',
      op: subscribeOp,
      ...requestId,
      acceptedKeys: list(data.successTopics),
      rejectedKeys,
      ok: rejectedKeys.length === 0,
      code,
      message,
    };
  }
  if (op === 'subscribe' || op === 'unsubscribe') return { kind: 'ack', op, ...requestId, ok, code, message };
  if ('topic' in record || typeof op === 'string') return undefined;
  return IGNORE;
}

export interface BybitStreamOptions extends StreamGroupOptions<BybitSocketKey> {
  readonly hosts: BybitHostOptions;
  readonly credentials?: PartialBybitCredentials;
  readonly recvWindowMs?: number;
}

/**
 * The auth frame builder: `{"op":"auth","args":[apiKey, expires, signature]}` with expires in the future
 * by the recv window, as bybit-api does (docs/protocol.md "Bybit sockets"). Rejects with the SDK's message without key or secret.
 */
export function bybitAuth(
  options: Pick<BybitStreamOptions, 'credentials' | 'clock' | 'recvWindowMs'>,
  key: BybitSocketKey,
): () => Promise<string> {
  return socketLogin(options.credentials, resolveBybitCredentials, async (resolved) => {
    const expires = options.clock.now() + (options.recvWindowMs ?? DEFAULT_RECV_WINDOW_MS);
    const args = await bybitWsAuthArgs(resolved, expires);
    return JSON.stringify({ req_id: `${key}-auth`, op: 'auth', args });
  });
}

/** Each socket as its errors name it to the trader ("Bybit linear public socket"), not by its key. */
const SOCKET_WORDS: Readonly<Record<BybitSocketKey, string>> = {
  spotPublic: 'spot public',
  linearPublic: 'linear public',
  inversePublic: 'inverse public',
  optionPublic: 'option public',
  private: 'private',
  privateTrade: 'trade',
};

export function bybitSocketHooks(key: BybitSocketKey, options: BybitStreamOptions): SocketHooks {
  const needsLogin = key === 'private' || key === 'privateTrade';
  return {
    label: `Bybit ${SOCKET_WORDS[key]} socket`,
    url: bybitSocketUrl(key, options.hosts),
    maxTopicsPerRequest: bybitMaxTopicsPerRequest(key),
    maxArgsLength: BYBIT_MAX_ARGS_LENGTH,
    // The topic as a JSON string plus the comma between args.
    argLength: (topic) => topic.topic.length + 3,
    pingFrame: () => JSON.stringify({ op: 'ping' }),
    ...(needsLogin ? { login: bybitAuth(options, key) } : {}),
    topicKey: (topic) => topic.topic,
    subscriptionFrame: (op, topics, requestId) =>
      JSON.stringify({ req_id: requestId, op, args: topics.map((topic) => topic.topic) }),
    parse: parseBybitFrame,
    classify: classifyBybitFrame,
  };
}

/** The market a public socket carries, which its tickers do not name; private sockets carry none. */
export function socketCategory(key: BybitSocketKey): BybitCategory | undefined {
  return (Object.keys(PUBLIC_KEYS) as BybitCategory[]).find((category) => PUBLIC_KEYS[category] === key);
}

/** Every Bybit socket of one account: four public markets, private, and private trade; opened on first use. */
export function createBybitStreams(options: BybitStreamOptions): SocketGroup<BybitSocketKey> {
  return createStreamGroup(options, {
    socketKeyFor: bybitSocketKeyForTopic,
    hooksFor: (key) => bybitSocketHooks(key, options),
    createParser: (key, depth) => new BybitPushParser(socketCategory(key), depth),
    budget: BYBIT_CONNECTION_BUDGET,
  });
}

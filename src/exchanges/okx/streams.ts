import { OKX_CONNECTION_BUDGET } from '../transport/socket-budget';
import { createStreamGroup, type SocketGroup, type StreamGroupOptions } from '../transport/socket-group';
import { socketLogin } from '../transport/socket-login';
import { frameText } from '../transport/socket-parse';
import type { ClassifiedFrame, SocketHooks, TopicRequest } from '../transport/socket-types';
import type { Clock } from '../transport/timers';
import { okxSocketUrl, type OkxHostOptions, type OkxSocketKey } from './hosts';
import { okxWsLoginArgs, resolveOkxCredentials, type PartialOkxCredentials } from './sign';
import { OkxPushParser } from './streams-parse';

/** Channels that need a login and live on /private (docs/protocol.md "OKX hosts", "OKX sockets", "OKX pushes"). */
const PRIVATE_CHANNELS = new Set([
  'account',
  'positions',
  'orders',
  'balance_and_position',
  'account-greeks',
  'liquidation-warning',
  'fills',
]);

/**
 * Channels on /business that need a login: algo, grid and recurring-buy orders, deposits and withdrawals,
 * the trader's own block trading (each channel's page in https://www.okx.com/docs-v5/en/; docs/protocol.md "OKX hosts").
 */
const BUSINESS_LOGIN_CHANNELS = new Set([
  'orders-algo',
  'algo-advance',
  'deposit-info',
  'withdrawal-info',
  'algo-recurring-buy',
  'rfqs',
  'quotes',
  'struc-block-trades',
]);

/** Public channels on /business besides every candle channel (OKX 2023 change, docs/protocol.md "OKX hosts"). */
const BUSINESS_PUBLIC_CHANNELS = new Set([
  'public-struc-block-trades',
  'public-block-trades',
  'block-tickers',
]);

const CANDLE_CHANNEL = /^(candle|mark-price-candle|index-candle)/;

/** Whether a /business channel needs the socket logged in: its private channels do, candles do not. */
export function okxBusinessChannelNeedsLogin(channel: string): boolean {
  return BUSINESS_LOGIN_CHANNELS.has(channel) || channel.startsWith('grid-');
}

export function okxSocketKeyForChannel(channel: string): OkxSocketKey {
  if (PRIVATE_CHANNELS.has(channel)) return 'private';
  if (
    okxBusinessChannelNeedsLogin(channel) ||
    BUSINESS_PUBLIC_CHANNELS.has(channel) ||
    CANDLE_CHANNEL.test(channel)
  )
    return 'business';
  return 'public';
}

/** OKX caps one subscribe only by the total length of its `args`: 64 KB (docs/protocol.md "OKX sockets", "OKX rate limits"; secondary source). */
export const OKX_MAX_ARGS_LENGTH = 64 * 1024;

/** Stable key of `{channel, ...payload}`: acks echo the arg, and the key is how they are matched. */
export function okxTopicKey(arg: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(arg)
    .filter(([name, value]) => name !== 'channel' && name !== 'uid' && typeof value === 'string')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`);
  return [String(arg.channel), ...entries].join(':');
}

function topicArg(topic: TopicRequest): Record<string, string> {
  return { channel: topic.topic, ...topic.payload };
}

/** OKX's pong is the plain text `pong`, not JSON: read as this value, which no JSON frame is. */
const OKX_PONG: unique symbol = Symbol('OKX pong');
const PONG: ClassifiedFrame = { kind: 'pong' };
const IGNORE: ClassifiedFrame = { kind: 'ignore' };

/** An OKX frame's value: its JSON, or `OKX_PONG` for the plain-text pong (docs/protocol.md "OKX sockets"). */
export function parseOkxFrame(raw: string): unknown {
  return raw === 'pong' ? OKX_PONG : JSON.parse(raw);
}

/**
 * Reads one OKX control frame (docs/protocol.md "OKX sockets"): the pong, login/subscribe/error/notice
 * events; undefined for data (pushes, trade responses).
 */
export function classifyOkxFrame(frame: unknown): ClassifiedFrame | undefined {
  if (frame === OKX_PONG) return PONG;
  if (typeof frame !== 'object' || frame === null) throw new Error('not a JSON object');
  const record = frame as Record<string, unknown>;
  // A push (no event) is nearly every frame: it needs none of the control fields read below.
  if (!('event' in record)) return undefined;
  const code = frameText(record.code);
  const message = frameText(record.msg);
  const id = frameText(record.id);
  const requestId = id === '' ? {} : { requestId: id };
  switch (record.event) {
    case 'login':
      return { kind: 'login', ok: code === '0' || code === '', code, message };
    case 'subscribe':
    case 'unsubscribe': {
      const arg =
        typeof record.arg === 'object' && record.arg !== null ? (record.arg as Record<string, unknown>) : {};
      return {
        kind: 'ack',
        op: record.event,
        ...requestId,
        acceptedKeys: [okxTopicKey(arg)],
        ok: true,
        code: '0',
        message,
      };
    }
    case 'error':
      return { kind: 'error', code, message, ...requestId };
    case 'notice':
      // 64008: "The connection will soon be closed for a service upgrade" (~30 s ahead).
      return code === '64008' ? { kind: 'reconnect-notice', code, message } : IGNORE;
    default:
      // channel-conn-count and similar informational events.
      return IGNORE;
  }
}

export interface OkxStreamOptions extends StreamGroupOptions<OkxSocketKey> {
  readonly hosts: OkxHostOptions;
  readonly credentials?: PartialOkxCredentials;
}

/**
 * The login frame builder: `{"op":"login","args":[{apiKey, passphrase, timestamp (seconds), sign}]}`.
 * Rejects with the SDK's message when key or secret is missing (docs/architecture.md exact messages).
 */
export function okxLogin(
  credentials: PartialOkxCredentials | undefined,
  clock: Clock,
): () => Promise<string> {
  // A missing passphrase alone is named by resolveOkxCredentials.
  return socketLogin(credentials, resolveOkxCredentials, async (resolved) => {
    const args = await okxWsLoginArgs(resolved, clock.now());
    return JSON.stringify({ op: 'login', args: [args] });
  });
}

/**
 * /private always logs in. /business logs in only while it carries a channel that needs it, so candles
 * stream without credentials (okx-api likewise keeps separate public and private business connections).
 */
function loginHooks(key: OkxSocketKey, options: OkxStreamOptions): Partial<SocketHooks> {
  if (key === 'public') return {};
  const login = okxLogin(options.credentials, options.clock);
  if (key === 'private') return { login };
  return {
    login,
    needsLogin: (topics) => topics.some((topic) => okxBusinessChannelNeedsLogin(topic.topic)),
  };
}

export function okxSocketHooks(key: OkxSocketKey, options: OkxStreamOptions): SocketHooks {
  return {
    label: `OKX ${key} socket`,
    url: okxSocketUrl(key, options.hosts),
    maxTopicsPerRequest: Number.POSITIVE_INFINITY,
    maxArgsLength: OKX_MAX_ARGS_LENGTH,
    // Each arg as JSON plus the comma between args.
    argLength: (topic) => JSON.stringify(topicArg(topic)).length + 1,
    pingFrame: () => 'ping',
    ...loginHooks(key, options),
    topicKey: (topic) => okxTopicKey(topicArg(topic)),
    subscriptionFrame: (op, topics, requestId) =>
      JSON.stringify({ id: requestId, op, args: topics.map(topicArg) }),
    parse: parseOkxFrame,
    classify: classifyOkxFrame,
  };
}

/** Every OKX socket of one account: public, private and business, opened on first use. */
export function createOkxStreams(options: OkxStreamOptions): SocketGroup<OkxSocketKey> {
  return createStreamGroup(options, {
    socketKeyFor: (topic) => okxSocketKeyForChannel(topic.topic),
    hooksFor: (key) => okxSocketHooks(key, options),
    createParser: (_key, depth) => new OkxPushParser(depth),
    budget: OKX_CONNECTION_BUDGET,
  });
}

import { handleOkxAlgoSubscription } from '../private/okx/okx-algo-pushes';
import { handleOkxLogin } from '../private/okx/okx-ws-login';
import type { SimContext } from '../server/context';
import type { SocketPath, SocketPathHandler, SocketSession } from '../server/sockets';
import { okxChannelInstrument, okxChannelPath, okxTopic, type OkxPublisher } from './okx-channels';

/** OKX caps the total length of one request's args at 64 KB (docs/protocol.md "OKX rate limits", secondary). */
const MAX_ARGS_BYTES = 64 * 1024;

interface ChannelArg {
  channel: string;
  instId: string;
}

/**
 * OKX public and business sockets (docs/protocol.md "OKX sockets"): plain-text ping/pong, subscribe/unsubscribe with
 * per-arg acks, `60012` for malformed requests and `60018` for a channel this socket lacks.
 */
export function createOkxPublicSocket(
  ctx: SimContext,
  path: SocketPath,
  publisher: OkxPublisher,
): SocketPathHandler {
  const error = (session: SocketSession, code: string, msg: string, id?: string): void => {
    session.send({ ...(id === undefined ? {} : { id }), event: 'error', code, msg, connId: session.id });
  };

  return {
    onMessage(session, text) {
      if (text === 'ping') {
        if (!ctx.faults.silentPings) session.send('pong');
        return;
      }
      const request = parseRequest(text);
      if (!request) {
        error(session, '60012', `Illegal request: ${text}`);
        return;
      }
      const { op, args, id } = request;
      // OKX accepts a login on every socket (business needs it for its private channels, docs/protocol.md "OKX sockets").
      if (op === 'login') {
        handleOkxLogin(ctx, session, args);
        return;
      }
      if (op !== 'subscribe' && op !== 'unsubscribe') {
        error(session, '60012', `Illegal request: ${text}`, id);
        return;
      }
      if (!Array.isArray(args) || args.length === 0 || JSON.stringify(args).length > MAX_ARGS_BYTES) {
        error(session, '60012', `Illegal request: ${text}`, id);
        return;
      }
      for (const raw of args) {
        // The logged-in algo channels of /business are the account's, answered by their own handler.
        if (path === '/ws/v5/business' && handleOkxAlgoSubscription(session, raw, id, op === 'unsubscribe'))
          continue;
        const arg = readArg(raw);
        if (!arg) {
          error(session, '60012', `Illegal request: ${JSON.stringify(raw)}`, id);
          continue;
        }
        const instrument =
          okxChannelPath(arg.channel) === path
            ? okxChannelInstrument(ctx, arg.channel, arg.instId)
            : undefined;
        if (!instrument) {
          error(
            session,
            '60018',
            `Wrong URL or channel:${arg.channel},instId:${arg.instId} doesn't exist. Please use the correct URL, channel and parameters referring to API document.`,
            id,
          );
          continue;
        }
        const topic = okxTopic(arg.channel, arg.instId);
        const ack = {
          ...(id === undefined ? {} : { id }),
          event: op,
          arg: { channel: arg.channel, instId: arg.instId },
          connId: session.id,
        };
        if (op === 'unsubscribe') {
          session.topics.delete(topic);
          session.send(ack);
          continue;
        }
        const first = session.topics.has(topic) ? [] : publisher.initial(arg.channel, instrument);
        session.topics.add(topic);
        session.send(ack);
        for (const message of first) session.send(message);
      }
    },
  };
}

function parseRequest(text: string): { op: unknown; args: unknown; id: string | undefined } | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    return { op: record.op, args: record.args, id: typeof record.id === 'string' ? record.id : undefined };
  } catch {
    return null;
  }
}

function readArg(raw: unknown): ChannelArg | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { channel, instId } = raw as Record<string, unknown>;
  if (typeof channel !== 'string' || typeof instId !== 'string') return null;
  return { channel, instId };
}

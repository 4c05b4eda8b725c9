import type { SimContext } from '../server/context';
import type { SocketPathHandler, SocketSession } from '../server/sockets';
import type { BybitPublisher } from './bybit-publisher';
import { parseBybitTopic, type BybitPublicCategory, type BybitTopic } from './bybit-topics';

/** Spot takes at most 10 args per subscribe; every public stream at most 21,000 characters of args (docs/protocol.md "Bybit sockets"). */
const SPOT_MAX_ARGS = 10;
const MAX_ARGS_CHARS = 21_000;

interface BybitRequest {
  op: unknown;
  args: unknown;
  reqId: string | undefined;
}

/**
 * One Bybit public stream (docs/protocol.md "Bybit sockets"): JSON ping/pong in the stream's own shape, subscribe/unsubscribe
 * with its ack shape, the spot 10-args and 21,000-character limits, unknown-topic errors.
 */
export function createBybitPublicSocket(
  ctx: SimContext,
  category: BybitPublicCategory,
  publisher: BybitPublisher,
): SocketPathHandler {
  /** Ack/error in the stream's shape: option streams answer COMMAND_RESP, the others success/ret_msg. */
  const reply = (
    session: SocketSession,
    request: BybitRequest,
    success: boolean,
    retMsg: string,
    topics: string[],
  ): void => {
    if (category === 'option') {
      session.send({
        success,
        ...(request.reqId === undefined ? {} : { req_id: request.reqId }),
        conn_id: session.id,
        data: { failTopics: success ? [] : topics, successTopics: success ? topics : [] },
        type: 'COMMAND_RESP',
      });
      return;
    }
    const reqId = request.reqId ?? (category === 'spot' ? undefined : '');
    session.send({
      success,
      ret_msg: retMsg,
      conn_id: session.id,
      ...(reqId === undefined ? {} : { req_id: reqId }),
      op: request.op,
    });
  };

  const pong = (session: SocketSession, request: BybitRequest): void => {
    if (ctx.faults.silentPings) return;
    if (category === 'option') {
      session.send({
        ...(request.reqId === undefined ? {} : { req_id: request.reqId }),
        args: [String(ctx.now())],
        op: 'pong',
      });
      return;
    }
    reply(session, request, true, 'pong', []);
  };

  const subscribe = (session: SocketSession, request: BybitRequest, topics: string[]): void => {
    const parsed: { name: string; topic: BybitTopic }[] = [];
    for (const name of topics) {
      const topic = parseBybitTopic(ctx.market, category, name);
      if ('error' in topic) {
        reply(session, request, false, topic.error, [name]);
        return;
      }
      if (session.topics.has(name)) {
        reply(session, request, false, `error:already subscribed,topic:${name}`, [name]);
        return;
      }
      parsed.push({ name, topic });
    }
    const initial = parsed.map(({ name, topic }) => {
      const messages = publisher.initial(topic);
      session.topics.add(name);
      return messages;
    });
    reply(session, request, true, category === 'spot' ? 'subscribe' : '', topics);
    for (const message of initial.flat()) session.send(message);
  };

  return {
    onMessage(session, text) {
      const request = parseRequest(text);
      if (!request) {
        session.send({
          success: false,
          ret_msg: `error:request not json,req:${text.slice(0, 200)}`,
          conn_id: session.id,
          op: '',
        });
        return;
      }
      if (request.op === 'ping') {
        pong(session, request);
        return;
      }
      if (request.op !== 'subscribe' && request.op !== 'unsubscribe') {
        reply(session, request, false, `error:unsupported op:${String(request.op)}`, []);
        return;
      }
      const topics = stringArray(request.args);
      if (!topics || topics.length === 0) {
        reply(session, request, false, 'error:args is empty', []);
        return;
      }
      if (category === 'spot' && topics.length > SPOT_MAX_ARGS) {
        reply(session, request, false, `args size >${SPOT_MAX_ARGS}`, topics);
        return;
      }
      if (JSON.stringify(topics).length > MAX_ARGS_CHARS) {
        reply(session, request, false, `args length >${MAX_ARGS_CHARS}`, topics);
        return;
      }
      if (request.op === 'unsubscribe') {
        for (const topic of topics) session.topics.delete(topic);
        reply(session, request, true, category === 'spot' ? 'unsubscribe' : '', topics);
        return;
      }
      subscribe(session, request, topics);
    },
  };
}

function parseRequest(text: string): BybitRequest | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    return {
      op: record.op,
      args: record.args,
      reqId: typeof record.req_id === 'string' ? record.req_id : undefined,
    };
  } catch {
    return null;
  }
}

function stringArray(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const items: unknown[] = value;
  return items.every((item): item is string => typeof item === 'string') ? items : null;
}

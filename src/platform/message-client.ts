import type { Contracts } from '../contracts';
import type { MessageContract, RequestOf, ResponseOf } from '../contracts/define';
import { replyEnvelope, type MessageEnvelope } from '../contracts/envelope';
import { PerchError } from '../contracts/perch-error';
import { BACKGROUND_STOPPED } from './background-stopped';

export type SendRaw = (envelope: MessageEnvelope) => Promise<unknown>;

export { BACKGROUND_STOPPED };

/** The contracts a client may send, by name. */
export type ContractMap = Readonly<Record<string, MessageContract<unknown, unknown>>>;

export interface MessageClient<M extends ContractMap = Contracts> {
  send<N extends keyof M & string>(name: N, request: RequestOf<M[N]>): Promise<ResponseOf<M[N]>>;
}

/**
 * A typed client over any transport, for exactly the contracts it is given: extension pages get all of
 * them, a content script only its own (`platform/content-client.ts`).
 */
export function createMessageClient<M extends ContractMap>(contracts: M, sendRaw: SendRaw): MessageClient<M> {
  return {
    async send(name, request) {
      const contract = contracts[name];
      if (contract === undefined) throw new PerchError('UnknownMessageError', `Unknown message "${name}".`);
      const envelope = { perch: 1 as const, name, payload: contract.request.parse(request) };
      const raw = await sendRaw(envelope).catch(() => {
        throw new PerchError('BackgroundStoppedError', BACKGROUND_STOPPED);
      });
      const reply = replyEnvelope.safeParse(raw);
      if (!reply.success) {
        throw new PerchError('InvalidReplyError', `No valid answer to "${name}" from Perch.`);
      }
      if (!reply.data.ok) throw new PerchError(reply.data.error.name, reply.data.error.message);
      return contract.response.parse(reply.data.data) as ResponseOf<M[typeof name]>;
    },
  };
}

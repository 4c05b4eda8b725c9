import {
  contracts,
  replyEnvelope,
  type Contracts,
  type MessageEnvelope,
  type MessageName,
  type RequestOf,
  type ResponseOf,
} from '../contracts';

/** A failure reported by the background, or an answer that broke its contract. */
export class MessageError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export type SendRaw = (envelope: MessageEnvelope) => Promise<unknown>;

export interface MessageClient {
  send<N extends MessageName>(name: N, request: RequestOf<Contracts[N]>): Promise<ResponseOf<Contracts[N]>>;
}

/** A typed client over any transport; the UIs and the content script get one from `platform/`. */
export function createMessageClient(sendRaw: SendRaw): MessageClient {
  return {
    async send(name, request) {
      const contract = contracts[name];
      const raw = await sendRaw({ perch: 1, name, payload: contract.request.parse(request) });
      const reply = replyEnvelope.safeParse(raw);
      if (!reply.success) {
        throw new MessageError('InvalidReplyError', `No valid answer to "${name}" from Perch.`);
      }
      if (!reply.data.ok) throw new MessageError(reply.data.error.name, reply.data.error.message);
      return contract.response.parse(reply.data.data) as ResponseOf<Contracts[typeof name]>;
    },
  };
}

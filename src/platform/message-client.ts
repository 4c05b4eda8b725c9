import type { Contracts } from '../contracts';
import type { MessageContract, RequestOf, ResponseOf } from '../contracts/define';
import type { MessageEnvelope } from '../contracts/envelope';
import { PERCH_ERROR_NAMES, PerchError, type PerchErrorName } from '../contracts/perch-error';
import { BACKGROUND_STOPPED } from './background-stopped';

export type SendRaw = (envelope: MessageEnvelope) => Promise<unknown>;

export { BACKGROUND_STOPPED };

/** The contracts a client may send, by name. */
export type ContractMap = Readonly<Record<string, MessageContract<unknown, unknown>>>;

export interface MessageClient<M extends ContractMap = Contracts> {
  send<N extends keyof M & string>(name: N, request: RequestOf<M[N]>): Promise<ResponseOf<M[N]>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isErrorName = (name: unknown): name is PerchErrorName =>
  (PERCH_ERROR_NAMES as readonly unknown[]).includes(name);

/**
 * A typed client for the contracts `M` over any transport (extension pages: every contract; a content
 * script only its own, `platform/content-client.ts`). It loads no schema: the worker checks each request
 * against its contract and each answer before it replies (`message-dispatch.ts`), and only Perch's own
 * worker answers these runtime messages, so the answer is taken as the contract's type once its envelope
 * is checked here (docs/architecture.md "Conventions", schemas at the boundary). Keeping zod and the
 * contracts out is what lets a page paint before they load.
 */
export function createMessageClient<M extends ContractMap = Contracts>(sendRaw: SendRaw): MessageClient<M> {
  return {
    async send(name, request) {
      const raw = await sendRaw({ perch: 1, name, payload: request }).catch(() => {
        throw new PerchError('BackgroundStoppedError', BACKGROUND_STOPPED);
      });
      if (isRecord(raw) && raw.ok === true && 'data' in raw) return raw.data as ResponseOf<M[typeof name]>;
      const error = isRecord(raw) && raw.ok === false && isRecord(raw.error) ? raw.error : undefined;
      if (error !== undefined && isErrorName(error.name) && typeof error.message === 'string')
        throw new PerchError(error.name, error.message);
      throw new PerchError('InvalidReplyError', `No valid answer to "${name}" from Perch.`);
    },
  };
}

import type * as z from 'zod/mini';

/** The extension contexts that exchange messages. The background is the only receiver. */
export type Sender = 'popup' | 'options' | 'content';

export interface MessageContract<Request, Response> {
  readonly name: string;
  /** Contexts allowed to send this message; the router refuses every other sender. */
  readonly senders: readonly Sender[];
  readonly request: z.ZodMiniType<Request>;
  readonly response: z.ZodMiniType<Response>;
}

export function defineMessage<Request, Response>(
  contract: MessageContract<Request, Response>,
): MessageContract<Request, Response> {
  return contract;
}

export type RequestOf<C> = C extends MessageContract<infer Request, unknown> ? Request : never;
export type ResponseOf<C> = C extends MessageContract<unknown, infer Response> ? Response : never;

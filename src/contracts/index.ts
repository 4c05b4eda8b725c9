import { marketStatus } from './market';
import { ping } from './ping';

/** Every cross-context message. A message that is not listed here cannot be sent or handled. */
export const contracts = { ping, marketStatus } as const;

export type Contracts = typeof contracts;
export type MessageName = keyof Contracts;

export type { Sender, MessageContract, RequestOf, ResponseOf } from './define';
export { messageEnvelope, replyEnvelope } from './envelope';
export type { MessageEnvelope, ReplyEnvelope } from './envelope';
export { DEFAULT_SIMULATOR_PORT, marketEndpoint } from './market';
export type { ExchangeStatus, MarketEndpoint } from './market';

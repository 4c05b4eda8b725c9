import { marketStatus } from './market';
import { overlayStatus } from './overlay';
import { ping } from './ping';
import { closePosition } from './trading';
import { vaultContracts } from './vault';

/** Every cross-context message. A message that is not listed here cannot be sent or handled. */
export const contracts = { ping, marketStatus, overlayStatus, closePosition, ...vaultContracts } as const;

export type Contracts = typeof contracts;
export type MessageName = keyof Contracts;

export { contentContracts } from './content';
export type { Sender, MessageContract, RequestOf, ResponseOf } from './define';
export { messageEnvelope, replyEnvelope } from './envelope';
export type { MessageEnvelope, ReplyEnvelope } from './envelope';
export { DEFAULT_SIMULATOR_PORT, marketEndpoint } from './market';
export type { ExchangeStatus, MarketEndpoint } from './market';
export { PERCH_ERROR_NAMES, PerchError } from './perch-error';
export type { PerchErrorName } from './perch-error';
export { closeResult } from './trading';
export type { CloseResult } from './trading';

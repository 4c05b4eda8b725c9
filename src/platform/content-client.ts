import type { contentContracts } from '../contracts/content';
import { createMessageClient, type MessageClient, type SendRaw } from './message-client';
import { sendOverRuntime } from './runtime-send';

export type ContentContracts = typeof contentContracts;

/**
 * The content script's client: only the messages a charting page's script may send. Like every page's
 * client it loads no schema (the worker checks every request against its contract: a content script is
 * the least trusted sender it has). zod and the contracts were most of the overlay's 15 KB budget
 * (docs/overlay.md "Size").
 */
export function createContentClient(sendRaw: SendRaw = sendOverRuntime): MessageClient<ContentContracts> {
  return createMessageClient<ContentContracts>(sendRaw);
}

import { contentContracts } from '../contracts/content';
import { createMessageClient, type MessageClient } from './message-client';
import { sendOverRuntime } from './runtime-send';

export type ContentContracts = typeof contentContracts;

/** The content script's client: only the messages a charting page's script may send. */
export function createContentClient(): MessageClient<ContentContracts> {
  return createMessageClient(contentContracts, sendOverRuntime);
}

import { browser } from './browser';
import { createMessageClient, type MessageClient } from './message-client';

/** The client every UI and the content script use: messages go to the background over runtime messaging. */
export function createRuntimeClient(): MessageClient {
  return createMessageClient((envelope) => browser.runtime.sendMessage(envelope));
}

export function extensionVersion(): string {
  return browser.runtime.getManifest().version;
}

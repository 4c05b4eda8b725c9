import { browser } from './browser';
import { createMessageClient, type MessageClient } from './message-client';
import { sendOverRuntime } from './runtime-send';

/** The client extension pages (popup, side panel, options) use: every contract, over runtime messaging. */
export function createRuntimeClient(): MessageClient {
  return createMessageClient(sendOverRuntime);
}

export function extensionVersion(): string {
  return browser.runtime.getManifest().version;
}

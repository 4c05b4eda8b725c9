import { contracts } from '../contracts';
import { browser } from './browser';
import { createMessageClient, type MessageClient } from './message-client';
import { sendOverRuntime } from './runtime-send';

/** The client extension pages (popup, options) use: every contract, over runtime messaging. */
export function createRuntimeClient(): MessageClient {
  return createMessageClient(contracts, sendOverRuntime);
}

export function extensionVersion(): string {
  return browser.runtime.getManifest().version;
}

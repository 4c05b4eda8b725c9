import { browser } from './browser';
import type { SendRaw } from './message-client';

/** Sends a message to the background over runtime messaging; the background's reply is the answer. */
export const sendOverRuntime: SendRaw = (envelope) => browser.runtime.sendMessage(envelope);

import { browser } from './browser';
import { classifySender, dispatchMessage, senderTabId, type MessageHandlers } from './message-dispatch';

/** Serves every contract in the background. Returns a function that stops listening. */
export function startMessageRouter(handlers: MessageHandlers): () => void {
  const extensionOrigin = new URL(browser.runtime.getURL('/')).origin;
  // The polyfill sends a returned promise's value back as the reply.
  const listener = (raw: unknown, sender: Parameters<typeof classifySender>[0]): Promise<unknown> =>
    dispatchMessage(
      raw,
      classifySender(sender, browser.runtime.id, extensionOrigin),
      handlers,
      senderTabId(sender),
    );
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the polyfill awaits a returned promise
  browser.runtime.onMessage.addListener(listener);
  return () => {
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- same listener as above
    browser.runtime.onMessage.removeListener(listener);
  };
}

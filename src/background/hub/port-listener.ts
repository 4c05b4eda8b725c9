import { HUB_PORT, type HubPortMessage } from '../../contracts/ports';
import { browser, type Browser } from '../../platform/browser';
import { classifySender, senderTabId } from '../../platform/message-dispatch';
import { serveHubPort } from './hub-port-session';
import type { Hub } from './hub';

/**
 * Accepts the hub port from extension pages and content scripts; any other port name is closed at once.
 * Every port is also a sign of life: `onActivity` restores what is wanted.
 */
export function startHubPorts(hub: Hub, onActivity: () => void): () => void {
  const extensionOrigin = new URL(browser.runtime.getURL('/')).origin;
  const listener = (port: Browser.runtime.Port) => {
    onActivity();
    if (port.name !== HUB_PORT) {
      port.disconnect();
      return;
    }
    const sender =
      port.sender === undefined
        ? undefined
        : classifySender(port.sender, browser.runtime.id, extensionOrigin);
    serveHubPort(
      {
        postMessage: (message: HubPortMessage) => {
          port.postMessage(message);
        },
        disconnect: () => {
          port.disconnect();
        },
        onMessage: {
          addListener: (listener) => {
            port.onMessage.addListener(listener);
          },
        },
        onDisconnect: {
          addListener: (listener) => {
            port.onDisconnect.addListener(listener);
          },
        },
      },
      sender,
      hub,
      port.sender === undefined ? undefined : senderTabId(port.sender),
    );
  };
  browser.runtime.onConnect.addListener(listener);
  return () => {
    browser.runtime.onConnect.removeListener(listener);
  };
}

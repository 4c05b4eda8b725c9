import { CHART_FOCUS_PORT } from '../../contracts/chart-focus';
import { HUB_PORT } from '../../contracts/ports';
import { browser, type Browser } from '../../platform/browser';
import { classifySender, senderTabId } from '../../platform/message-dispatch';
import { serveChartFocusPort, type ChartFocusDeps } from '../handlers/chart-focus';
import { serveHubPort } from './hub-port-session';
import type { Hub } from './hub';
import type { QuoteKeeper } from './quote-keeper';

/** A browser port as the port sessions see it: what they post is checked by their own types. */
function pagePort(port: Browser.runtime.Port) {
  return {
    postMessage: (message: unknown) => {
      port.postMessage(message);
    },
    disconnect: () => {
      port.disconnect();
    },
    onMessage: {
      addListener: (listener: (message: unknown) => void) => {
        port.onMessage.addListener(listener);
      },
    },
    onDisconnect: {
      addListener: (listener: () => void) => {
        port.onDisconnect.addListener(listener);
      },
    },
  };
}

/**
 * Accepts the hub port from extension pages and content scripts, and the side panel's chart-focus port;
 * any other port name is closed at once. Every port is also a sign of life: `onActivity` restores what is
 * wanted.
 */
export function startHubPorts(
  hub: Hub,
  onActivity: () => void,
  chartFocus: ChartFocusDeps,
  keeper: QuoteKeeper,
): () => void {
  const extensionOrigin = new URL(browser.runtime.getURL('/')).origin;
  const listener = (port: Browser.runtime.Port) => {
    onActivity();
    if (port.name !== HUB_PORT && port.name !== CHART_FOCUS_PORT) {
      port.disconnect();
      return;
    }
    const sender =
      port.sender === undefined
        ? undefined
        : classifySender(port.sender, browser.runtime.id, extensionOrigin);
    if (port.name === CHART_FOCUS_PORT) {
      serveChartFocusPort(pagePort(port), sender, chartFocus);
      return;
    }
    serveHubPort(pagePort(port), sender, hub, {
      tabId: port.sender === undefined ? undefined : senderTabId(port.sender),
      keeper,
    });
  };
  browser.runtime.onConnect.addListener(listener);
  return () => {
    browser.runtime.onConnect.removeListener(listener);
  };
}

import {
  CONTENT_MAX_QUOTES,
  HUB_PORT_SENDERS,
  hubPortRequest,
  type HubPortMessage,
} from '../../contracts/ports';
import type { Sender } from '../../contracts';
import type { Hub } from './stream-hub';

/** The little of a runtime.Port the hub uses; tests pass in-memory pairs. */
export interface PortLike {
  postMessage(message: HubPortMessage): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/**
 * Serves one page's hub port: checks who opened it, parses every message, and refuses anything else with
 * words. Nothing a page sends can throw here.
 */
export function serveHubPort(port: PortLike, sender: Sender | undefined, hub: Hub): void {
  const post = (message: HubPortMessage) => {
    try {
      port.postMessage(message);
    } catch {
      // The page went away between a change and its delivery; onDisconnect cleans up.
    }
  };
  if (sender === undefined || !HUB_PORT_SENDERS.includes(sender)) {
    post({ type: 'error', message: 'This page may not receive Perch data.' });
    port.disconnect();
    return;
  }
  const session = hub.connect(post);
  port.onDisconnect.addListener(() => {
    session.disconnect();
  });
  port.onMessage.addListener((raw) => {
    const parsed = hubPortRequest.safeParse(raw);
    if (!parsed.success) {
      post({
        type: 'error',
        message: 'Perch did not understand that request: send { type: "want", quotes: [...] }.',
      });
      return;
    }
    if (sender === 'content' && parsed.data.quotes.length > CONTENT_MAX_QUOTES) {
      post({ type: 'error', message: `A chart page may follow at most ${CONTENT_MAX_QUOTES} instruments.` });
      return;
    }
    session.want(parsed.data.quotes);
  });
}

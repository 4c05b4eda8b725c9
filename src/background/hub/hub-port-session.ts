import {
  CONTENT_MAX_QUOTES,
  HUB_PORT_SENDERS,
  hubPortRequest,
  type HubPortMessage,
} from '../../contracts/ports';
import type { Sender } from '../../contracts';
import type { Hub } from './hub';
import type { QuoteKeeper } from './quote-keeper';

/** The little of a runtime.Port the hub uses; tests pass in-memory pairs. */
export interface PortLike {
  postMessage(message: HubPortMessage): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

const CHART_PAGE_PACED =
  'A chart page may not send "taken": its updates come at the pace the chart allows. Send { type: "want", quotes: [...] } only.';

/**
 * Serves one page's hub port: checks who opened it, parses every message, and refuses anything else with
 * words. Nothing a page sends can throw here. `tabId` is the browser tab the port came from: the hub
 * remembers it for a content script, so a close from that tab can be held to what it follows, and counts
 * that tab's wants against its rate however many ports it opens.
 */
export function serveHubPort(
  port: PortLike,
  sender: Sender | undefined,
  hub: Hub,
  { tabId, keeper }: { readonly tabId?: number | undefined; readonly keeper?: QuoteKeeper } = {},
): void {
  const postToPage = (message: HubPortMessage) => {
    try {
      port.postMessage(message);
    } catch {
      // The page went away between a change and its delivery; onDisconnect cleans up.
    }
  };
  // What the popup and the side panel are sent is kept for their next cold open.
  const kept = sender === 'popup' ? keeper?.follow(postToPage) : undefined;
  const post = kept?.post ?? postToPage;
  if (sender === undefined || !HUB_PORT_SENDERS.includes(sender)) {
    post({ type: 'error', message: 'This page may not receive Perch data.' });
    port.disconnect();
    return;
  }
  const session = hub.connect(post, sender === 'content' ? { tabId } : undefined);
  port.onDisconnect.addListener(() => {
    session.disconnect();
    kept?.leave();
  });
  port.onMessage.addListener((raw) => {
    const parsed = hubPortRequest.safeParse(raw);
    if (!parsed.success) {
      post({
        type: 'error',
        message:
          'Perch did not understand that request: send { type: "want", quotes: [...] }, with "account": true to receive the account (extension pages only), or { type: "taken" } once a message is applied (extension pages only).',
      });
      return;
    }
    if (parsed.data.type === 'taken') {
      if (sender === 'content') post({ type: 'error', message: CHART_PAGE_PACED });
      else session.taken();
      return;
    }
    const { quotes, account, watchlist } = parsed.data;
    if (sender !== 'content') {
      session.want(quotes, account === true ? 'whole' : 'none', watchlist === true);
      return;
    }
    if (quotes.length > CONTENT_MAX_QUOTES) {
      post({ type: 'error', message: `A chart page may follow at most ${CONTENT_MAX_QUOTES} instruments.` });
      return;
    }
    if (account === true || watchlist === true) {
      post({
        type: 'error',
        message:
          'A chart page may not receive the account or the watchlist: it gets only the position on the instruments it asks quotes for. Send { type: "want", quotes: [...] } without "account" or "watchlist".',
      });
      return;
    }
    session.want(quotes, 'own');
  });
}

import { startOverlay } from '../../src/content';

export default defineContentScript({
  matches: ['https://*.tradingview.com/*', 'https://tradingview.com/*', 'https://www.binance.com/*'],
  // WXT would post a "content script started" message, with Perch's id in it, to every page's own listeners.
  noScriptStartedPostMessage: true,
  main() {
    // Not ctx.signal: WXT aborts it when the document hears a "newer copy started" event, and any page can
    // dispatch that event, which silenced the overlay. Perch never injects a second copy into a tab; the
    // copy an extension update orphans finds its port gone and asks for a page reload on its badge.
    void startOverlay();
  },
});

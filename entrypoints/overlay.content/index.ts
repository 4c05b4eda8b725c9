import { startOverlay } from '../../src/content';

export default defineContentScript({
  matches: ['https://*.tradingview.com/*', 'https://tradingview.com/*', 'https://www.binance.com/*'],
  main(ctx) {
    void startOverlay(ctx.signal);
  },
});

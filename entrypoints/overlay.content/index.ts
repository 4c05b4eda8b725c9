import { startOverlay } from '../../src/content';

export default defineContentScript({
  matches: ['https://www.tradingview.com/*'],
  main(ctx) {
    startOverlay(ctx.signal);
  },
});

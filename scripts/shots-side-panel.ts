// The side panel's screenshots: the real Chrome side panel beside the chart. One entry per image.
import { BTC_SHOWN, pageText, systemTheme, type Screens, type Shot } from './shot-kit';

export const sidePanelShots = ({ sidePanel }: Screens): Shot[] => [
  {
    name: 'side-panel',
    page: sidePanel,
    // The headless window leaves the real panel a short 360 x 445: shown at a tall panel's size instead.
    prepare: async (theme) => {
      await sidePanel.setViewport({ width: 400, height: 900 });
      await systemTheme(sidePanel, theme);
    },
    waitsFor: 'both positions priced and the BTC price',
    ready: async () => {
      const text = await pageText(sidePanel);
      return /Chart:/.test(text) && BTC_SHOWN.test(text) && !text.includes('PnL not known yet');
    },
  },
];

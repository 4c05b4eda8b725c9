import type { UiSettings } from './settings';

/** The settings of a trader who never changed any. */
export const DEFAULT_UI_SETTINGS: UiSettings = {
  closeConfirm: 'click',
  toolbarPnl: false,
  overlay: {
    sites: { tradingview: true, binance: true },
    extraOrigins: [],
    privacy: false,
    badge: { corner: 'bottom-right', offsetX: 16, offsetY: 16 },
  },
};

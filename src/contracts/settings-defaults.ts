import type { DeadManSwitchSettings, UiSettings } from './settings';

/** Off until the trader turns it on; a minute when they do. */
export const DEFAULT_DEAD_MAN_SWITCH: DeadManSwitchSettings = { enabled: false, timeoutSeconds: 60 };

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
  deadManSwitch: DEFAULT_DEAD_MAN_SWITCH,
};

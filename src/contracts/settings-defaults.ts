import type { DeadManSwitchSettings, RiskSettings, UiSettings } from './settings';

/** Off until the trader turns it on; a minute when they do. */
export const DEFAULT_DEAD_MAN_SWITCH: DeadManSwitchSettings = { enabled: false, timeoutSeconds: 60 };

/** Warning under 10 % from liquidation, danger under 5 %; the toolbar shows the PnL. */
export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  warnBelowPercent: 10,
  dangerBelowPercent: 5,
  toolbar: 'pnl',
};

/** The settings of a trader who never changed any. */
export const DEFAULT_UI_SETTINGS: UiSettings = {
  closeConfirm: 'click',
  toolbarPnl: false,
  risk: DEFAULT_RISK_SETTINGS,
  overlay: {
    sites: { tradingview: true, binance: true },
    extraOrigins: [],
    privacy: false,
    badge: { corner: 'bottom-right', offsetX: 16, offsetY: 16 },
  },
  deadManSwitch: DEFAULT_DEAD_MAN_SWITCH,
};

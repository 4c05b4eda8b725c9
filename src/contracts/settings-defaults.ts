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
    // Clear of a chart's right-hand price axis (TradingView's, with its widget bar, ends about 120 px in)
    // and of the time axis and range bar along its bottom (docs/overlay.md "The badge").
    badge: { corner: 'bottom-right', offsetX: 128, offsetY: 80 },
  },
  deadManSwitch: DEFAULT_DEAD_MAN_SWITCH,
};

import { deadManSwitchStatus } from './dead-man-switch';
import { marketStatus } from './market';
import { ping } from './ping';
import { takePopupIntent } from './popup-intent';
import { readProfiles, saveProfile, testConnection } from './profiles';
import { getWatchlist, saveWatchlist } from './portfolio';
import { closePosition } from './trading';
import { protectionContracts } from './protection';
import { flattenContracts } from './flatten';
import { orderContracts } from './orders';
import { alertContracts } from './alerts';
import { overlaySettings, readSettings, saveBadgePlacement, saveSettings } from './settings';
import { searchInstruments } from './instruments';
import { vaultContracts } from './vault';

/** Every cross-context message. A message that is not listed here cannot be sent or handled. */
export const contracts = {
  ping,
  marketStatus,
  closePosition,
  ...protectionContracts,
  ...flattenContracts,
  ...orderContracts,
  ...vaultContracts,
  getWatchlist,
  saveWatchlist,
  readProfiles,
  saveProfile,
  testConnection,
  readSettings,
  saveSettings,
  overlaySettings,
  saveBadgePlacement,
  searchInstruments,
  deadManSwitchStatus,
  takePopupIntent,
  ...alertContracts,
} as const;

export type Contracts = typeof contracts;
export type MessageName = keyof Contracts;

export { contentContracts } from './content';
export type { Sender, MessageContract, RequestOf, ResponseOf } from './define';
export { messageEnvelope, replyEnvelope } from './envelope';
export type { MessageEnvelope, ReplyEnvelope } from './envelope';
export { marketEndpoint } from './market';
export type { ExchangeStatus, MarketEndpoint } from './market';
export { PERCH_ERROR_NAMES, PerchError } from './perch-error';
export type { PerchErrorName } from './perch-error';
export { closeResult } from './trading';
export type { CloseResult, SeenPosition } from './trading';
export { protectionResult } from './protection';
export type { ProtectionResult } from './protection';
export { flattenView } from './flatten';
export type { FlattenItem, FlattenItemState, FlattenView } from './flatten';
export { CHART_FOCUS_PORT, CHART_FOCUS_SENDERS, chartFocusMessage, chartFocusRequest } from './chart-focus';
export type { ChartFocusMessage, ChartFocusRequest, FocusedInstrument } from './chart-focus';

import { createChartAlert } from './alerts';
import { ping } from './ping';
import { overlaySettings, saveBadgePlacement } from './settings';
import { closePosition } from './trading';
import { closePart, moveStopToBreakeven } from './protection';

/**
 * The messages a content script may send, and nothing else: its client is built from this map alone, so
 * the script injected into charting pages pulls in no other contract.
 */
export const contentContracts = {
  ping,
  closePosition,
  moveStopToBreakeven,
  closePart,
  overlaySettings,
  saveBadgePlacement,
  createChartAlert,
} as const;

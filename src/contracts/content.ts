import { overlayStatus } from './overlay';
import { ping } from './ping';

/**
 * The messages a content script may send, and nothing else: its client is built from this map alone, so
 * the script injected into charting pages pulls in no other contract.
 */
export const contentContracts = { ping, overlayStatus } as const;

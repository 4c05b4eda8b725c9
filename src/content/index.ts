import { createContentClient } from '../platform/content-client';
import { showStatusBadge } from './features/status-badge';
import { mountOverlay } from './mount';

/** Starts the overlay on a charting page; everything it adds is removed when `signal` aborts. */
export function startOverlay(signal: AbortSignal): void {
  const { root } = mountOverlay(document, signal);
  void showStatusBadge(root, createContentClient());
}

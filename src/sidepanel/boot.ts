import { bootWithEarlyHub } from '../platform/early-hub';
import { earlyQuotePainter } from '../popup/early-paint';
import '../ui/theme.css';
import '../popup/popup.css';
import './sidepanel.css';

/**
 * The side panel's first script: the worker wakes and answers while the app's code is still loading, and
 * the watchlist's rows are painted from the first quotes before React loads (with the styles they need).
 */
export function bootSidePanel(container: HTMLElement): void {
  bootWithEarlyHub(
    container,
    () => import('./index').then(({ startSidePanel }) => startSidePanel),
    earlyQuotePainter(container, 'perch-popup perch-layout-panel'),
  );
}

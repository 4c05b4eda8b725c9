import { bootWithEarlyHub } from '../platform/early-hub';
import { earlyQuotePainter } from './early-paint';
import '../ui/theme.css';
import './popup.css';

/**
 * The popup's first script: the worker wakes and answers while the app's code is still loading, and the
 * watchlist's rows are painted from the first quotes before React loads (with the styles they need).
 */
export function bootPopup(container: HTMLElement): void {
  bootWithEarlyHub(
    container,
    () => import('./index').then(({ startPopup }) => startPopup),
    earlyQuotePainter(container, 'perch-popup'),
  );
}

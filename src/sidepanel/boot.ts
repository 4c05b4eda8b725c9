import { bootWithEarlyHub } from '../platform/early-hub';
import '../ui/theme.css';
import '../ui/alerts.css';
import '../popup/orders.css';
import '../popup/popup.css';
import './sidepanel.css';

/**
 * The side panel's first script: the worker wakes and answers while the app's code is still loading.
 * Every style sheet comes with it, linked from the page's HTML, as the popup's do (src/popup/boot.ts).
 */
export function bootSidePanel(container: HTMLElement): void {
  bootWithEarlyHub(container, () => import('./index').then(({ startSidePanel }) => startSidePanel));
}

import { bootWithEarlyHub } from '../platform/early-hub';
import '../ui/theme.css';
import '../ui/alerts.css';
import './orders.css';
import './popup.css';

/**
 * The popup's first script: the worker wakes and answers while the app's code is still loading. Every
 * style sheet the first screen uses comes with it, linked from the page's HTML: the page never shows
 * unstyled, and the app's import waits for no style sheet of its own (Vite's preload waits for each).
 */
export function bootPopup(container: HTMLElement): void {
  bootWithEarlyHub(container, () => import('./index').then(({ startPopup }) => startPopup));
}

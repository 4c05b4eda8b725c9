import { bootWithEarlyHub } from '../platform/early-hub';
import '../ui/theme.css';
import './popup.css';

/**
 * The popup's first script: the worker wakes and answers while the app's code is still loading; the
 * styles come with it, so the page never shows unstyled.
 */
export function bootPopup(container: HTMLElement): void {
  bootWithEarlyHub(container, () => import('./index').then(({ startPopup }) => startPopup));
}

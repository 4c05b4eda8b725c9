import { bootWithEarlyHub } from '../platform/early-hub';
import '../ui/theme.css';
import '../popup/popup.css';
import './sidepanel.css';

/**
 * The side panel's first script: the worker wakes and answers while the app's code is still loading; the
 * styles come with it, so the panel never shows unstyled.
 */
export function bootSidePanel(container: HTMLElement): void {
  bootWithEarlyHub(container, () => import('./index').then(({ startSidePanel }) => startSidePanel));
}

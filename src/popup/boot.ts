import { bootWithEarlyHub } from '../platform/early-hub';

/** The popup's first script: the worker wakes and answers while the app's code is still loading. */
export function bootPopup(container: HTMLElement): void {
  bootWithEarlyHub(container, () => import('./index').then(({ startPopup }) => startPopup));
}

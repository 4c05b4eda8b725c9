import { bootWithEarlyHub } from '../platform/early-hub';

/** The side panel's first script: the worker wakes and answers while the app's code is still loading. */
export function bootSidePanel(container: HTMLElement): void {
  bootWithEarlyHub(container, () => import('./index').then(({ startSidePanel }) => startSidePanel));
}

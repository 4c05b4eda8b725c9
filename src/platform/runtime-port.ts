import { browser } from './browser';
import type { PagePort } from './port-client';

/**
 * False once the extension was updated, reloaded or removed under a running content script: its
 * runtime id is gone and every call to the background fails until the page reloads.
 */
export function extensionContextAlive(): boolean {
  try {
    // Typed as always set, but Chrome clears it in a content script whose extension was reloaded.
    return Boolean(browser.runtime.id);
  } catch {
    return false;
  }
}

/** Opens a runtime port to the background; throws while the worker cannot be reached. */
export function connectRuntimePort(name: string): PagePort {
  return browser.runtime.connect({ name });
}

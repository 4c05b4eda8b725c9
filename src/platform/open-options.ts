import { browser } from './browser';

/** Opens Perch's options page (or brings it to the front), from an extension page. */
export function openOptionsPage(): Promise<void> {
  return browser.runtime.openOptionsPage();
}

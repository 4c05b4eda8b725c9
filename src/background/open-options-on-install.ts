import { browser } from '../platform/browser';

/**
 * A newly installed Perch opens its options page: it can do nothing for the trader until it has a market
 * and keys. Updates and browser restarts leave the trader's tabs alone. The listener is added while the
 * background starts, so the install event that woke it is not missed.
 */
export function openOptionsOnInstall(
  open: () => Promise<void> = () => browser.runtime.openOptionsPage(),
): void {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void open();
  });
}

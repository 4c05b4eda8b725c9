import { browser } from '../../platform/browser';

/**
 * Keeps storage.session, where the unlocked vault key lives, out of content scripts' reach. Chrome's
 * default is already trusted contexts only; it is set at every worker start anyway, so no other code
 * (nor a changed default) can have widened it.
 */
export async function keepSessionStorageTrusted(): Promise<void> {
  await browser.storage.session.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
}

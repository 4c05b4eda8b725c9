import { browser } from '../../platform/browser';

interface SessionArea {
  setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void>;
}

/**
 * Keeps storage.session, where the unlocked vault key lives, out of content scripts' reach. Chrome's
 * default is already trusted contexts only; it is set at every worker start anyway, so no other code
 * (nor a changed default) can have widened it. Firefox has no setAccessLevel (Mozilla bug 1724754) and
 * never exposes storage.session to content scripts (MDN, storage.session), so there is nothing to set.
 */
export async function keepSessionStorageTrusted(
  session: SessionArea = browser.storage.session,
): Promise<void> {
  if (session.setAccessLevel === undefined) return;
  await session.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
}

/**
 * Runs the overlay on the sites the trader added in options. The manifest's content script covers the
 * charting sites Perch knows; an added origin gets the same script registered at run time, once the
 * trader granted it through the browser's own permission prompt (docs/overlay.md "Sites the trader adds").
 */

/** The id of Perch's one run-time registration. */
export const EXTRA_SITES_SCRIPT_ID = 'perch-overlay-extra-sites';
/** The overlay content script as WXT builds it (entrypoints/overlay.content). */
export const OVERLAY_SCRIPT_FILE = 'content-scripts/overlay.js';

/** What Perch registers: every field the browser's registration takes that it sets. */
interface OverlayScript {
  id: string;
  matches: string[];
  js: string[];
  runAt: 'document_idle';
  persistAcrossSessions: boolean;
}

/** The little of `browser.scripting` and `browser.permissions` this needs; tests pass a fake browser. */
export interface OverlaySitesBrowser {
  scripting: {
    getRegisteredContentScripts(filter: { ids: string[] }): Promise<readonly { id: string }[]>;
    registerContentScripts(scripts: OverlayScript[]): Promise<void>;
    unregisterContentScripts(filter: { ids: string[] }): Promise<void>;
  };
  permissions: {
    contains(permissions: { origins: string[] }): Promise<boolean>;
    onAdded: { addListener(listener: () => void): void };
    onRemoved: { addListener(listener: () => void): void };
  };
}

export interface OverlaySitesDeps {
  readonly browser: OverlaySitesBrowser;
  /** The origins in the trader's settings (`settings.overlay.extraOrigins`). */
  readonly readExtraOrigins: () => Promise<readonly string[]>;
  readonly watchExtraOrigins: (listener: () => void) => void;
  readonly logger: Pick<Console, 'warn'>;
}

/**
 * Registers the overlay for every added origin the browser granted, and only those: what the settings
 * say is only a wish (an extension page could write anything there), and no page can grant a host permission.
 * Resolves to the match patterns now registered.
 */
export async function syncOverlaySites({ browser, readExtraOrigins }: OverlaySitesDeps): Promise<string[]> {
  const patterns = (await readExtraOrigins()).map((origin) => `${origin}/*`);
  const granted: string[] = [];
  for (const pattern of patterns)
    if (await browser.permissions.contains({ origins: [pattern] })) granted.push(pattern);
  const ids = [EXTRA_SITES_SCRIPT_ID];
  if ((await browser.scripting.getRegisteredContentScripts({ ids })).length > 0)
    await browser.scripting.unregisterContentScripts({ ids });
  if (granted.length > 0)
    await browser.scripting.registerContentScripts([
      {
        id: EXTRA_SITES_SCRIPT_ID,
        matches: granted,
        js: [OVERLAY_SCRIPT_FILE],
        runAt: 'document_idle',
        persistAcrossSessions: true,
      },
    ]);
  return granted;
}

/**
 * Keeps the registration in step with the settings and the granted permissions, one sync at a time so two
 * changes in a row cannot register the same id twice. Resolves when the first sync is done.
 */
export function startOverlaySites(deps: OverlaySitesDeps): Promise<void> {
  let queue = Promise.resolve();
  const sync = () => {
    queue = queue.then(() =>
      syncOverlaySites(deps).then(
        () => undefined,
        (error: unknown) => {
          deps.logger.warn('Perch could not register its overlay on the added sites:', error);
        },
      ),
    );
    return queue;
  };
  deps.browser.permissions.onAdded.addListener(() => void sync());
  deps.browser.permissions.onRemoved.addListener(() => void sync());
  deps.watchExtraOrigins(() => void sync());
  return sync();
}

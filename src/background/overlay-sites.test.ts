import { describe, expect, it, vi } from 'vitest';
import {
  EXTRA_SITES_SCRIPT_ID,
  OVERLAY_SCRIPT_FILE,
  startOverlaySites,
  type OverlaySitesBrowser,
} from './overlay-sites';

/** A browser that remembers registrations and grants the origins in `granted`. */
function fakeBrowser(granted: string[]) {
  const registered = new Map<string, { matches: string[]; js: string[] }>();
  const onAdded: (() => void)[] = [];
  const onRemoved: (() => void)[] = [];
  const browser: OverlaySitesBrowser = {
    scripting: {
      getRegisteredContentScripts: ({ ids }) =>
        Promise.resolve(ids.filter((id) => registered.has(id)).map((id) => ({ id }))),
      registerContentScripts: (scripts) => {
        for (const script of scripts) {
          if (registered.has(script.id))
            return Promise.reject(new Error(`Duplicate script ID '${script.id}'`));
          registered.set(script.id, script);
        }
        return Promise.resolve();
      },
      unregisterContentScripts: ({ ids }) => {
        for (const id of ids) registered.delete(id);
        return Promise.resolve();
      },
    },
    permissions: {
      contains: ({ origins }) => Promise.resolve(origins.every((origin) => granted.includes(origin))),
      onAdded: { addListener: (listener) => onAdded.push(listener) },
      onRemoved: { addListener: (listener) => onRemoved.push(listener) },
    },
  };
  return { browser, registered, granted, onAdded, onRemoved };
}

function start(fake: ReturnType<typeof fakeBrowser>, origins: string[]) {
  const settings = { origins, listeners: [] as (() => void)[] };
  const logger = { warn: vi.fn() };
  const started = startOverlaySites({
    browser: fake.browser,
    readExtraOrigins: () => Promise.resolve(settings.origins),
    watchExtraOrigins: (listener) => settings.listeners.push(listener),
    logger,
  });
  return { settings, started, logger };
}

const matches = (fake: ReturnType<typeof fakeBrowser>) => fake.registered.get(EXTRA_SITES_SCRIPT_ID)?.matches;

describe('the overlay on sites the trader added', () => {
  it('registers the overlay script for each added origin the browser granted, and no other', async () => {
    const fake = fakeBrowser(['https://charts.example.com/*']);

    await start(fake, ['https://charts.example.com', 'https://not-granted.example.com']).started;

    expect(fake.registered.get(EXTRA_SITES_SCRIPT_ID)).toMatchObject({
      matches: ['https://charts.example.com/*'],
      js: [OVERLAY_SCRIPT_FILE],
    });
  });

  it('registers nothing while no added origin is granted', async () => {
    const fake = fakeBrowser([]);

    await start(fake, ['https://charts.example.com']).started;

    expect(fake.registered.size).toBe(0);
  });

  it('follows a permission the trader grants or takes back', async () => {
    const fake = fakeBrowser([]);
    const { started } = start(fake, ['https://charts.example.com']);
    await started;

    fake.granted.push('https://charts.example.com/*');
    fake.onAdded.forEach((listener) => {
      listener();
    });
    await vi.waitFor(() => {
      expect(matches(fake)).toEqual(['https://charts.example.com/*']);
    });

    fake.granted.length = 0;
    fake.onRemoved.forEach((listener) => {
      listener();
    });
    await vi.waitFor(() => {
      expect(fake.registered.size).toBe(0);
    });
  });

  it('follows the settings, one sync at a time, so quick changes never register twice', async () => {
    const fake = fakeBrowser(['https://a.example.com/*', 'https://b.example.com/*']);
    const { settings, started, logger } = start(fake, ['https://a.example.com']);
    await started;

    settings.origins = ['https://a.example.com', 'https://b.example.com'];
    settings.listeners.forEach((listener) => {
      listener();
    });
    settings.listeners.forEach((listener) => {
      listener();
    });
    await vi.waitFor(() => {
      expect(matches(fake)).toEqual(['https://a.example.com/*', 'https://b.example.com/*']);
    });
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

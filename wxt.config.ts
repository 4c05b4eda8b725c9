import { createRequire } from 'node:module';
import { defineConfig } from 'wxt';
import { pageChunkGroups } from './scripts/page-chunks';
import { exchangeOrigins } from './src/background/market/exchange-origins';
import { PASSPHRASE_WORDS_FILE } from './src/contracts/passphrase-words';
import {
  CLOSE_EVERYTHING_COMMAND,
  OPEN_POPUP_COMMAND,
  OPEN_SIDE_PANEL_COMMAND,
} from './src/contracts/popup-intent';

/**
 * The exchanges' own servers, read from their host tables (docs/protocol.md "Hosts"): REST needs host permissions;
 * WebSocket connections need none, but the store build's content security policy names them too.
 */
const EXCHANGES = exchangeOrigins();
const EXCHANGE_HOSTS = EXCHANGES.rest.map((origin) => `${origin}/*`);

/** A store build's pages and worker may connect to the exchanges and nowhere else. */
const STORE_CSP = `script-src 'self'; object-src 'self'; connect-src 'self' ${[...EXCHANGES.rest, ...EXCHANGES.socket].join(' ')}`;

/** Only a development build (npm start, the e2e tests) may talk to the local simulator. */
const LOOPBACK_HOSTS = ['http://127.0.0.1/*'];

/**
 * The script injected into charting pages uses the browser's own promise API (Chrome MV3 and Firefox both
 * have one) instead of webextension-polyfill: the polyfill would be a fifth of its size (docs/overlay.md
 * "Size"). Extension pages and the worker keep the polyfill.
 */
const NATIVE_BROWSER_API = createRequire(import.meta.url).resolve('wxt/browser');

interface Alias {
  find: string | RegExp;
  replacement: string;
}
const isAliasList = (alias: readonly Alias[] | Record<string, string>): alias is readonly Alias[] =>
  Array.isArray(alias);

/**
 * Keyboard shortcuts, suggested only: the trader changes them in the browser (chrome://extensions/shortcuts,
 * Firefox's add-ons manager). Chrome and Firefox both take Alt+Shift+letter and let an extension suggest up
 * to four (three are suggested here); neither browser uses Alt+Shift+P, Alt+Shift+X or Alt+Shift+S itself.
 */
const COMMANDS = {
  [OPEN_POPUP_COMMAND]: { suggested_key: { default: 'Alt+Shift+P' }, description: 'Open the Perch popup' },
  [CLOSE_EVERYTHING_COMMAND]: {
    suggested_key: { default: 'Alt+Shift+X' },
    description: 'Open the Perch popup at Close everything (asks before it closes anything)',
  },
  // The side panel (Chrome side_panel, Firefox sidebar_action, both from entrypoints/sidepanel): WXT adds
  // Chrome's `sidePanel` permission with it.
  [OPEN_SIDE_PANEL_COMMAND]: {
    suggested_key: { default: 'Alt+Shift+S' },
    description: 'Open the Perch side panel beside the chart',
  },
};

/** The browser benchmark's build (scripts/dev-build.ts ensureBenchBuild) and the page only it carries. */
const BENCH_OUT_DIR = 'chrome-mv3-bench';
const BENCH_ONLY_ENTRYPOINT = 'bench-empty';

/** Pages the development build's overlay also runs on: the simulator's demo chart and e2e test pages. */
const LOOPBACK_PAGES = 'http://127.0.0.1/*';

export default defineConfig({
  // The browser benchmark's build goes to a folder of its own (scripts/dev-build.ts ensureBenchBuild).
  ...(process.env.PERCH_OUT_DIR_NAME === undefined ? {} : { outDirTemplate: process.env.PERCH_OUT_DIR_NAME }),
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  // Firefox reviewers get the sources needed to rebuild the extension, nothing else.
  zip: {
    excludeSources: [
      'tests/**',
      'sim/**',
      'store/**',
      'bench/**',
      'docs/**',
      'test-results/**',
      'coverage/**',
      '.ci/**',
    ],
  },
  hooks: {
    // The benchmark's reference, an empty extension page (bench/browser/popup-open.ts): never in another build.
    'entrypoints:resolved': (_wxt, entrypoints) => {
      if (process.env.PERCH_OUT_DIR_NAME === BENCH_OUT_DIR) return;
      const at = entrypoints.findIndex((entrypoint) => entrypoint.name === BENCH_ONLY_ENTRYPOINT);
      if (at >= 0) entrypoints.splice(at, 1);
    },
    'vite:build:extendConfig': (entrypoints, viteConfig) => {
      if (entrypoints.some((entrypoint) => entrypoint.name === 'popup')) {
        const rolldown = viteConfig.build?.rolldownOptions ?? {};
        const output = Array.isArray(rolldown.output) ? {} : (rolldown.output ?? {});
        viteConfig.build = {
          ...viteConfig.build,
          rolldownOptions: {
            ...rolldown,
            output: { ...output, codeSplitting: { groups: pageChunkGroups(import.meta.dirname) } },
          },
        };
        return;
      }
      if (!entrypoints.every((entrypoint) => entrypoint.type === 'content-script')) return;
      const alias = viteConfig.resolve?.alias ?? {};
      const others: Alias[] = isAliasList(alias)
        ? [...alias]
        : Object.entries(alias).map(([find, replacement]) => ({ find, replacement }));
      viteConfig.resolve = {
        ...viteConfig.resolve,
        alias: [{ find: /^wxt\/browser$/, replacement: NATIVE_BROWSER_API }, ...others],
      };
    },
    // The word lists a new vault passphrase is checked against, one file the worker and the options page both read
    // (src/contracts/passphrase-words.ts). Loaded here only when a build writes them: every vitest run reads this file.
    'build:publicAssets': async (_wxt, files) => {
      const { passphraseWords } = await import('./scripts/passphrase-words');
      files.push({ relativeDest: PASSPHRASE_WORDS_FILE, contents: JSON.stringify(passphraseWords()) });
    },
    'build:manifestGenerated': (wxt, manifest) => {
      if (wxt.config.mode !== 'development') return;
      for (const script of manifest.content_scripts ?? []) script.matches?.push(LOOPBACK_PAGES);
    },
  },
  manifest: ({ mode, browser }) => {
    const development = mode === 'development';
    return {
      name: 'Perch',
      description: 'Live OKX and Bybit quotes, positions, alerts and one-click close, in your browser.',
      // `alarms`: the 30 s keep-alive that restores wanted streams after a suspension. `scripting`: the
      // overlay on sites the trader adds in options, each granted through the browser's own prompt
      // (docs/overlay.md "Sites the trader adds"). Chrome's `unlimitedStorage` (no prompt there) keeps the
      // extension's IndexedDB, where the vault lives, from being evicted under disk pressure
      // (docs/storage.md); Firefox would ask the trader for it, and does not evict an extension's storage.
      // `notifications`: the trader's alerts, which fire with the popup closed. Chrome's `offscreen`: the
      // page that plays an alert's chime, as Chrome's worker has no audio (Firefox plays it from its
      // event page). Each permission's reason for the stores: docs/architecture.md "Security".
      permissions: [
        'storage',
        'alarms',
        'scripting',
        'notifications',
        ...(browser === 'chrome' ? ['unlimitedStorage', 'offscreen'] : []),
      ],
      optional_host_permissions: ['https://*/*'],
      commands: COMMANDS,
      host_permissions: development ? [...EXCHANGE_HOSTS, ...LOOPBACK_HOSTS] : EXCHANGE_HOSTS,
      // Chrome 116 lets WebSocket traffic keep a service worker alive (docs/architecture.md "How data flows").
      ...(browser === 'chrome' && { minimum_chrome_version: '116' }),
      ...(browser === 'firefox' && {
        browser_specific_settings: {
          gecko: {
            id: 'perch@perch.trade',
            strict_min_version: '140.0',
            data_collection_permissions: { required: ['none'] },
          },
          // Firefox for Android reads data_collection_permissions from version 142 (web-ext lint says so).
          gecko_android: { strict_min_version: '142.0' },
        },
      }),
      content_security_policy: {
        // Firefox MV3's default CSP upgrades ws://127.0.0.1 to wss:// (docs/toolchain.md), so the development
        // build spells the policy out to reach the simulator.
        extension_pages: development
          ? "script-src 'self'; object-src 'self'; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:* https: wss:"
          : STORE_CSP,
      },
    };
  },
});

import { defineConfig } from 'wxt';

/**
 * Hosts the store build may reach: the exchanges' REST hosts (docs/protocol.md §1). WebSocket connections need no
 * host permission, so none are asked for.
 */
const EXCHANGE_HOSTS = [
  'https://*.okx.com/*',
  'https://*.bybit.com/*',
  'https://*.bytick.com/*',
  'https://*.bybit.nl/*',
  'https://*.bybit.eu/*',
  'https://*.bybit.kz/*',
  'https://*.bybit.ae/*',
  'https://*.bybit.tr/*',
  'https://*.bybit-tr.com/*',
  'https://*.bybit.id/*',
  'https://*.byhkbit.com/*',
  'https://*.bybitgeorgia.ge/*',
];

/** Only a development build (npm start, the e2e tests) may talk to the local simulator. */
const LOOPBACK_HOSTS = ['http://127.0.0.1/*'];

/** Pages the development build's overlay also runs on: the simulator's demo chart and e2e test pages. */
const LOOPBACK_PAGES = 'http://127.0.0.1/*';

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  // Firefox reviewers get the sources needed to rebuild the extension, nothing else.
  zip: {
    excludeSources: ['tests/**', 'sim/**', 'bench/**', 'docs/**', 'test-results/**', 'coverage/**', '.ci/**'],
  },
  hooks: {
    'build:manifestGenerated': (wxt, manifest) => {
      if (wxt.config.mode !== 'development') return;
      for (const script of manifest.content_scripts ?? []) script.matches?.push(LOOPBACK_PAGES);
    },
  },
  manifest: ({ mode, browser }) => {
    const development = mode === 'development';
    return {
      name: 'Perch',
      description: 'Live OKX and Bybit quotes, positions and one-click close, in your browser.',
      permissions: ['storage', 'alarms'],
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
        },
      }),
      // Firefox MV3's default CSP upgrades ws://127.0.0.1 to wss:// (docs/toolchain.md), so the development
      // build spells the policy out to reach the simulator.
      ...(development && {
        content_security_policy: {
          extension_pages:
            "script-src 'self'; object-src 'self'; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:* https: wss:",
        },
      }),
    };
  },
});

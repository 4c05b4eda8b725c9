import { defineConfig } from 'wxt';

/** Hosts the store build may reach: the exchanges' own REST and WebSocket hosts (PROTOCOL.md §1). */
const EXCHANGE_HOSTS = [
  'https://*.okx.com/*',
  'wss://*.okx.com/*',
  'https://*.bybit.com/*',
  'wss://*.bybit.com/*',
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
const LOOPBACK_HOSTS = ['http://127.0.0.1/*', 'ws://127.0.0.1/*'];

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: ({ mode, browser }) => {
    const development = mode === 'development';
    return {
      name: 'Perch',
      description: 'Live OKX and Bybit quotes, positions and one-click close, in your browser.',
      minimum_chrome_version: '116',
      permissions: ['storage', 'alarms'],
      host_permissions: development ? [...EXCHANGE_HOSTS, ...LOOPBACK_HOSTS] : EXCHANGE_HOSTS,
      ...(browser === 'firefox' && {
        browser_specific_settings: {
          gecko: {
            id: 'perch@perch.trade',
            strict_min_version: '128.0',
            data_collection_permissions: { required: ['none'] },
          },
        },
      }),
      // Firefox MV3's default CSP upgrades ws://127.0.0.1 to wss:// (TOOLCHAIN.md), so the development
      // build spells the policy out to reach the simulator.
      ...(development && {
        content_security_policy: {
          extension_pages: "script-src 'self'; object-src 'self'; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:* https: wss:",
        },
      }),
    };
  },
});

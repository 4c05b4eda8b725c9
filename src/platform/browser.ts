/**
 * The only path to extension APIs. `wxt/browser` is aliased to webextension-polyfill by the
 * @wxt-dev/webextension-polyfill module, so every call here is the promise-based polyfill.
 */
export { browser } from 'wxt/browser';
export type { Browser } from 'wxt/browser';

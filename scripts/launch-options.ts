import type { LaunchOptions } from 'puppeteer-core';
import { chromiumPath } from './browser-paths';

/** How Chromium is started with an unpacked Perch loaded (docs/toolchain.md), for tests and for npm start. */
export function perchLaunchOptions(
  extensionDir: string,
  profileDir: string,
  headless: boolean,
): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    headless,
    enableExtensions: true,
    // Over a pipe, DevTools' Extensions domain answers: Extension.triggerAction opens the real popup.
    pipe: true,
    userDataDir: profileDir,
    defaultViewport: null,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  };
}

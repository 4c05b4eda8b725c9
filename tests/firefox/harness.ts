import { createInterface } from 'node:readline';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { firefoxPath } from '../../scripts/browser-paths';
import { FIREFOX_DEV_BUILD_DIR } from '../../scripts/dev-build';
import { saveSimulatorEndpoint, type SimulatorAddress } from '../../scripts/perch-settings';

/** Perch installed in Firefox as a temporary add-on, and the options tab Perch opened on install. */
export interface FirefoxPerch {
  readonly browser: Browser;
  /** The options page Perch opened by itself on install. */
  readonly options: Page;
  /** Points Perch at a simulator on its own port, as the saved market setting would. */
  useSimulator(simulator: SimulatorAddress): Promise<void>;
  /**
   * The uncaught errors Firefox reported from Perch's own documents (event page, options, popup) so far:
   * BiDi cannot watch an event page's console, so Firefox is asked to print it.
   */
  perchErrors(): string[];
  /** Perch's popup document, opened by the options page in a tab of its own. */
  openPopupInTab(): Promise<Page>;
  /**
   * Closes every tab and uninstalls Perch: Firefox drops its storage and its granted sites, and the
   * browser is ready for a fresh install.
   */
  uninstall(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * How long Firefox lets Perch's event page sit idle before it unloads it (its pref
   * extensions.background.idle.timeout; Firefox's own default is 30 s).
   */
  idleTimeoutMs?: number;
}

const TAB_WAIT_MS = 20_000;

/**
 * The tab showing the extension page `file`. WebDriver BiDi reports a moz-extension tab's address as
 * about:blank, so each tab is asked for its own.
 */
async function extensionTab(browser: Browser, file: string): Promise<Page> {
  const deadline = Date.now() + TAB_WAIT_MS;
  for (;;) {
    for (const page of await browser.pages()) {
      const href = await page.evaluate('location.href').catch(() => '');
      if (typeof href === 'string' && href.startsWith('moz-extension://') && href.endsWith(`/${file}`))
        return page;
    }
    if (Date.now() > deadline) throw new Error(`Perch never opened ${file} in a tab.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Lines Firefox prints for an uncaught error in a moz-extension:// document: "JavaScript error: moz-extension://…". */
function collectPerchErrors(browser: Browser): string[] {
  const errors: string[] = [];
  const output = browser.process();
  for (const stream of [output?.stdout, output?.stderr]) {
    if (stream === null || stream === undefined) continue;
    createInterface({ input: stream }).on('line', (line) => {
      if (line.startsWith('JavaScript error: moz-extension://')) errors.push(line);
    });
  }
  return errors;
}

/** Headless Firefox ESR that Perch can be installed into, one install at a time. */
export interface FirefoxHost {
  readonly launch: LaunchOptions;
  /**
   * Installs Perch's Firefox development build as a temporary add-on. Each install is a fresh one: a new
   * moz-extension:// origin with empty storage, which opens its options tab as a first install does.
   */
  install(): Promise<FirefoxPerch>;
  close(): Promise<void>;
}

/**
 * Starts headless Firefox ESR over WebDriver BiDi. BiDi will not navigate to moz-extension:// pages, but
 * it drives tabs the extension opened itself: the options page Perch opens on install, and pages that
 * page opens.
 */
export async function launchFirefox(options: LaunchOptions = {}): Promise<FirefoxHost> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    defaultViewport: { width: 1000, height: 700 },
    extraPrefsFirefox: {
      'devtools.console.stdout.content': true,
      // With no desktop notification service (none runs here), Firefox closes each extension notification
      // as it shows it, and notifications.getAll() lists none. Firefox's own alert window shows them as a
      // desktop would (for 20 s).
      'alerts.useSystemBackend': false,
      ...(options.idleTimeoutMs !== undefined && {
        'extensions.background.idle.timeout': options.idleTimeoutMs,
      }),
    },
  });
  const errors = collectPerchErrors(browser);
  return {
    launch: options,
    install: () => installPerch(browser, errors),
    close: () => browser.close(),
  };
}

async function installPerch(browser: Browser, errors: readonly string[]): Promise<FirefoxPerch> {
  const id = await browser.installExtension(FIREFOX_DEV_BUILD_DIR);
  const optionsTab = await extensionTab(browser, 'options.html');
  // Errors of this install only: an earlier install's documents had another origin.
  // BiDi reports the tab's address as about:blank (see extensionTab): the page says its own.
  const origin = new URL(String(await optionsTab.evaluate('location.href'))).origin;
  return {
    browser,
    options: optionsTab,
    useSimulator: (simulator) => saveSimulatorEndpoint(optionsTab, simulator),
    perchErrors: () => errors.filter((line) => line.includes(`${origin}/`)),
    async openPopupInTab() {
      await optionsTab.evaluate(`browser.tabs.create({ url: browser.runtime.getURL('popup.html') })`);
      return extensionTab(browser, 'popup.html');
    },
    async uninstall() {
      // Firefox quits with its last tab: one blank tab stays for the next install.
      const blank = await browser.newPage();
      for (const page of await browser.pages()) if (page !== blank) await page.close();
      await browser.uninstallExtension(id);
    },
  };
}

import { existsSync } from 'node:fs';

/** A browser the tests drive: `$variable` when set, else Debian's package. Puppeteer never downloads its own. */
function debianBrowser(variable: string, debianPath: string, debianPackage: string): string {
  const path = process.env[variable] ?? debianPath;
  if (!existsSync(path)) {
    throw new Error(
      `${debianPackage} was not found at ${path}. Install it with "apt-get install -y ${debianPackage}" or set ${variable}.`,
    );
  }
  return path;
}

/** The Chromium the tests drive: $CHROME_PATH, else Debian's. */
export const chromiumPath = (): string => debianBrowser('CHROME_PATH', '/usr/bin/chromium', 'chromium');

/** The Firefox the Firefox specs drive: $FIREFOX_PATH, else Debian's Firefox ESR. */
export const firefoxPath = (): string => debianBrowser('FIREFOX_PATH', '/usr/bin/firefox-esr', 'firefox-esr');

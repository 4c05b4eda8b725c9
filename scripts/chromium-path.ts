import { existsSync } from 'node:fs';

/** The Chromium the tests drive: $CHROME_PATH, else Debian's. Puppeteer never downloads its own. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. Install it with "apt-get install -y chromium" or set CHROME_PATH.`,
    );
  }
  return path;
}

import type { Page } from 'puppeteer-core';

/** The options page, as a trader sees it. */
export class OptionsPage {
  constructor(readonly page: Page) {}

  async shownVersion(): Promise<string> {
    const version = await this.page.waitForSelector('[data-testid="extension-version"]');
    if (version === null) throw new Error('The options page shows no version.');
    return version.evaluate((element) => element.textContent);
  }
}

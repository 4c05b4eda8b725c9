import { TargetType, type Browser, type Page } from 'puppeteer-core';

/**
 * The options tab a newly installed Perch opens by itself (src/background/open-options-on-install.ts),
 * once it has opened.
 */
export async function optionsTabOpenedOnInstall(browser: Browser, extensionId: string): Promise<Page> {
  const url = `chrome-extension://${extensionId}/options.html`;
  const target = await browser.waitForTarget((t) => t.type() === TargetType.PAGE && t.url() === url, {
    timeout: 20_000,
  });
  const page = await target.page();
  if (page === null) throw new Error('The options tab Perch opened on install has no page.');
  return page;
}

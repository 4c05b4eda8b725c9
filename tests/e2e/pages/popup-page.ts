import type { Page } from 'puppeteer-core';

/** The toolbar popup, as a trader sees it. */
export class PopupPage {
  constructor(readonly page: Page) {}

  /** The status line once the background has answered (or failed to). */
  async backgroundStatus(): Promise<{ status: string; text: string; workerStartedAt: number | undefined }> {
    const line = await this.page.waitForSelector('[role="status"]:not([data-status="checking"])');
    if (line === null) throw new Error('The popup shows no status line.');
    return line.evaluate((element) => ({
      status: element.getAttribute('data-status') ?? '',
      text: element.textContent,
      workerStartedAt: Number(element.getAttribute('data-worker-started-at')) || undefined,
    }));
  }

  /** Each exchange's row in the market panel: its symbol and price, or what went wrong. */
  async quotes(): Promise<Record<string, string>> {
    await this.page.waitForSelector('.perch-quote');
    return await this.page.$$eval('.perch-quote', (rows) =>
      Object.fromEntries(rows.map((row) => [row.getAttribute('data-exchange') ?? '', row.textContent])),
    );
  }

  async marketLabel(): Promise<string> {
    const label = await this.page.waitForSelector('section[aria-label="Market"] > p');
    if (label === null) throw new Error('The popup shows no market.');
    return label.evaluate((element) => element.textContent);
  }

  async checkAgain(): Promise<void> {
    await this.page.locator('button::-p-text(Check again)').click();
  }
}

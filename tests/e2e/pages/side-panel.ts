import type { Page } from 'puppeteer-core';
import { openActionPopup } from '../../../scripts/action-popup';
import type { Perch } from '../harness';

const WAIT = { timeout: 20_000, polling: 200 } as const;

/**
 * Perch's side panel beside a chart, as the trader sees it: a real Chrome side panel, opened from the
 * toolbar popup's "Open side panel" button (docs/side-panel.md "In the tests").
 */
export class SidePanel {
  constructor(readonly page: Page) {}

  /**
   * Opens the toolbar popup over `tab` and clicks its "Open side panel" button: a click puppeteer sends
   * through DevTools is a user gesture, which chrome.sidePanel.open() requires. The panel opens in the
   * window of `tab`, and the popup closes itself.
   */
  static async openFromPopup(perch: Perch, tab: Page): Promise<SidePanel> {
    const popup = await openActionPopup(perch.browser, perch.extensionId, tab);
    const panelUrl = `chrome-extension://${perch.extensionId}/sidepanel.html`;
    const opened = perch.browser.waitForTarget((target) => target.url() === panelUrl, {
      timeout: WAIT.timeout,
    });
    opened.catch(() => undefined);
    await popup.locator('::-p-aria(Open side panel[role="button"])').click();
    const page = await (await opened).asPage();
    return new SidePanel(page);
  }

  /** The panel's line naming what the chart in the active tab follows, once it matches `wanted`. */
  async chartLine(wanted: RegExp): Promise<string> {
    const found = await this.page.waitForFunction(
      `(() => {
        const line = [...document.querySelectorAll('[role="status"]')]
          .map((element) => element.textContent ?? '')
          .find((text) => text.startsWith('Chart:') || text.startsWith('No chart'));
        return line !== undefined && new RegExp(${JSON.stringify(wanted.source)}).test(line) ? line : false;
      })()`,
      WAIT,
    );
    return (await found.jsonValue()) as string;
  }

  /**
   * The rows marked as the chart's instrument (aria-current), each as "<its list's heading>: <exchange>
   * <symbol>", e.g. "Positions: bybit BTCUSDT", once they are exactly `wanted` (in any order).
   */
  async waitForHighlighted(wanted: readonly string[]): Promise<string[]> {
    const expected = JSON.stringify([...wanted].sort());
    try {
      const found = await this.page.waitForFunction(
        `(() => {
          const rows = [...document.querySelectorAll('[aria-current="true"]')].map((row) => {
            const region = row.closest('[aria-labelledby]');
            const heading = region === null ? undefined : document.getElementById(region.getAttribute('aria-labelledby'));
            return (heading?.textContent ?? '?') + ': ' + row.getAttribute('data-exchange') + ' ' + row.getAttribute('data-symbol');
          }).sort();
          return JSON.stringify(rows) === ${JSON.stringify(expected)} ? rows : false;
        })()`,
        WAIT,
      );
      return (await found.jsonValue()) as string[];
    } catch (error) {
      const shown = await this.page.$$eval('[aria-current="true"]', (rows) =>
        rows.map(
          (row) => `${row.getAttribute('data-exchange') ?? '?'} ${row.getAttribute('data-symbol') ?? '?'}`,
        ),
      );
      throw new Error(`The side panel highlights ${JSON.stringify(shown)}, not ${expected}.`, {
        cause: error,
      });
    }
  }

  /** Clicks the Close button of a position, named as its row names it ("Bybit BTCUSDT long"). */
  async close(position: string): Promise<void> {
    await this.page.locator(`::-p-aria(Close ${position}[role="button"])`).click();
  }
}

import type { Page } from 'puppeteer-core';

const WAIT = { timeout: 20_000, polling: 200 } as const;

/** One open order as the popup's Orders panel shows it. */
export interface OrderRowText {
  readonly exchange: string;
  readonly symbol: string;
  /** "order" or "leg" (a stop, target or trailing stop on a position). */
  readonly source: string;
  readonly id: string;
  readonly text: string;
}

/** Every open order's row, by the id it carries (the popup's DOM contract: no styling class). */
const ROWS = 'li[data-order-id]';
/** The answers under each exchange's orders, named "OKX open orders" and "Bybit open orders". */
const NOTICES = 'section[aria-label$=" open orders"] [data-field="notice"]';

/** The popup's Orders panel, as a trader sees it. */
export class OrdersPanel {
  constructor(readonly page: Page) {}

  /** The open orders, once there are `count` of them. */
  async rows(count: number): Promise<OrderRowText[]> {
    await this.page.waitForFunction(`document.querySelectorAll('${ROWS}').length === ${String(count)}`, WAIT);
    return await this.page.$$eval(ROWS, (rows) =>
      rows.map((row) => ({
        exchange: row.getAttribute('data-exchange') ?? '',
        symbol: row.getAttribute('data-symbol') ?? '',
        source: row.getAttribute('data-source') ?? '',
        id: row.getAttribute('data-order-id') ?? '',
        text: row.textContent,
      })),
    );
  }

  /** Clicks the row's Cancel (on the Orders tab); the row says "Cancelling…" until the stream shows it gone. */
  async cancel(id: string): Promise<void> {
    await this.page.bringToFront();
    await this.page.locator('::-p-aria(Orders[role="tab"])').setTimeout(WAIT.timeout).click();
    await this.page
      .locator(`${ROWS}[data-order-id="${id}"] button[aria-label^="Cancel "]`)
      .setTimeout(WAIT.timeout)
      .click();
  }

  /** Waits until the panel says `words` in a notice. */
  async notice(words: string): Promise<string> {
    await this.page.waitForFunction(
      `[...document.querySelectorAll('${NOTICES}')].some((line) => line.textContent.includes(${JSON.stringify(words)}))`,
      WAIT,
    );
    return (await this.page.evaluate(
      `[...document.querySelectorAll('${NOTICES}')].map((line) => line.textContent).join(' ')`,
    )) as string;
  }

  /** Waits until the order has left the list. */
  async gone(id: string): Promise<void> {
    await this.page.waitForFunction(
      `document.querySelector('${ROWS}[data-order-id="${id}"]') === null`,
      WAIT,
    );
  }
}

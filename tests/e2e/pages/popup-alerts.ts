import type { ElementHandle, Page } from 'puppeteer-core';

const WAIT = { timeout: 20_000, polling: 200 } as const;

/** A price alert as the trader fills in the row's form. */
export interface TypedPriceAlert {
  readonly direction: 'above' | 'below';
  readonly level: string;
  readonly sound: boolean;
}

/** One fired alert of the popup's Alerts panel, as the trader reads it. */
export interface FiredRow {
  readonly title: string;
  readonly message: string;
}

/** The popup's alerts: the bell and form under a watchlist quote, and the Alerts panel. */
export class PopupAlerts {
  constructor(readonly page: Page) {}

  /**
   * Presses the bell named "Alert for `what`" ("OKX BTC-USDT-SWAP perpetual"), fills in a price alert in
   * the form it opens and saves it: what the form then says ("Alert set: …", or the problem).
   */
  async setPriceAlert(what: string, alert: TypedPriceAlert): Promise<string> {
    // A quote's bell is on the Watchlist tab.
    await this.page.bringToFront();
    await this.page.locator('::-p-aria(Watchlist[role="tab"])').setTimeout(WAIT.timeout).click();
    const bell = await this.page.waitForSelector(`::-p-aria(Alert for ${what}[role="button"])`, WAIT);
    if (bell === null) throw new Error(`No bell for ${what}.`);
    await bell.click();
    const form = `[id=${JSON.stringify(await bell.evaluate((button) => button.getAttribute('aria-controls')))}] form`;

    // The direction first: choosing it moves an untyped level to 1 % from the price.
    await (await this.field(form, 'The price')).select(alert.direction);
    const level = await this.field(form, 'Level');
    await level.click({ count: 3 });
    await level.type(alert.level);
    const sound = await this.field(form, 'Play a sound');
    if ((await sound.evaluate((box) => box.checked)) !== alert.sound) await sound.click();

    await this.page.locator(`${form} button[type="submit"]`).setTimeout(WAIT.timeout).click();
    const said = await this.page.waitForFunction(
      `(() => { const form = document.querySelector(${JSON.stringify(form)});
        return form?.querySelector('[role="alert"]')?.textContent
          || form?.querySelector('[data-field="notice"]')?.textContent || false; })()`,
      WAIT,
    );
    return (await said.jsonValue()) as string;
  }

  /** What the Alerts panel says is set: "No active alerts.", "1 active alert.", once it reads as `wanted`. */
  async activeLine(wanted: RegExp): Promise<string> {
    const found = await this.page.waitForFunction(
      `(() => { const wanted = new RegExp(${JSON.stringify(wanted.source)});
        return [...document.querySelectorAll('p')].map((line) => line.textContent).find((text) => wanted.test(text)) ?? false; })()`,
      WAIT,
    );
    return (await found.jsonValue()) as string;
  }

  /** The Alerts panel's fired alerts, newest first, once it lists `count` of them. */
  async fired(count: number): Promise<FiredRow[]> {
    const rows = 'ol[aria-label="Fired alerts, newest first"] > li';
    await this.page.waitForFunction(
      `document.querySelectorAll(${JSON.stringify(rows)}).length === ${count}`,
      WAIT,
    );
    return await this.page.$$eval(rows, (items) =>
      items.map((item) => ({
        title: item.querySelector('strong')?.textContent ?? '',
        message: item.querySelectorAll('p')[1]?.textContent ?? '',
      })),
    );
  }

  /** The input, select or checkbox labelled `label` in `container`. */
  private async field(container: string, label: string): Promise<ElementHandle<HTMLInputElement>> {
    await this.page.waitForSelector(container, WAIT);
    const handle = await this.page.evaluateHandle(
      (selector, text) => {
        const labels = [...document.querySelectorAll<HTMLLabelElement>(`${selector} label`)];
        const found = labels.find((item) => item.textContent === text);
        return (found?.control ?? null) as HTMLInputElement | null;
      },
      container,
      label,
    );
    const field = handle.asElement();
    if (field === null) throw new Error(`No field labelled "${label}" in ${container}.`);
    return field as ElementHandle<HTMLInputElement>;
  }
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';
import { openActionPopup } from '../../../scripts/action-popup';
import type { Perch } from '../harness';

const WAIT = { timeout: 20_000, polling: 200 } as const;

/** One watchlist row as the trader reads it. */
export interface QuoteRow {
  readonly exchange: string;
  readonly kind: string;
  readonly symbol: string;
  /** The last price as shown, or "—" before the first one. */
  readonly last: string;
  readonly change: string;
  readonly stale: boolean;
}

/** One open position as the trader reads it. */
export interface PositionRow {
  readonly exchange: string;
  readonly symbol: string;
  readonly details: string;
  readonly size: string;
  readonly entry: string;
  readonly pnl: string;
  readonly stale: boolean;
  /** The answer to this position's close, as its row shows it ('' when none). */
  readonly notice: string;
}

/** The popup app's width and the document's, to tell a sideways scroll. */
export interface PopupSize {
  readonly appWidth: number;
  readonly appScrollWidth: number;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly scrollHeight: number;
}

export interface AxeViolation {
  readonly id: string;
  readonly targets: string[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/*
 * What the popup's DOM promises this page object (the component tests keep it): buttons, fields and
 * regions by role and accessible name; rows by `data-exchange`, `data-symbol` (and a quote's `data-kind`, a
 * position's `data-slot`, `data-stale` when stale); a figure or line without a role by its `data-field`
 * (last, change, details, pnl, protection, risk, account, market, state, problem). No styling class.
 */
/** Every open position's row (a quote row has a kind, a position a slot). */
const POSITION_ROWS = 'li[data-slot]';
/** Every watchlist row. */
const QUOTE_ROWS = 'li[data-kind]';
const positionRow = (exchange: string, symbol: string) =>
  `${POSITION_ROWS}[data-exchange="${exchange}"][data-symbol="${symbol}"]`;

/** A position's Close (or Hold to close) button, by the start of its name: its side is the row's to say. */
const closeButton = (exchange: string, symbol: string) =>
  `${positionRow(exchange, symbol)} button[aria-label^="Close "], ${positionRow(exchange, symbol)} button[aria-label^="Hold to close "]`;

/** The toolbar popup, as a trader sees it. */
export class PopupPage {
  constructor(readonly page: Page) {}

  /** Opens the real toolbar popup over a tab of the test site, as a click on Perch's icon does. */
  static async openFromToolbar(perch: Perch): Promise<PopupPage> {
    const tab = await perch.browser.newPage();
    await tab.goto(`${perch.pages.url}/chart.html`);
    return new PopupPage(await openActionPopup(perch.browser, perch.extensionId, tab));
  }

  /** The market pill: which market Perch trades on ("Simulator", "Live exchanges"), and its detail on hover. */
  async marketLabel(): Promise<{ words: string; detail: string }> {
    const label = await this.page.waitForSelector('[data-field="market"] > [title]', WAIT);
    if (label === null) throw new Error('The popup shows no market.');
    return label.evaluate((element) => ({
      words: element.textContent,
      detail: element.getAttribute('title') ?? '',
    }));
  }

  /** The popup's size against the 400 × 600 it must fit: its content width and height, and the window's. */
  async size(): Promise<PopupSize> {
    return (await this.page.evaluate(
      `({ appWidth: document.querySelector('main').getBoundingClientRect().width,
          appScrollWidth: document.querySelector('main').scrollWidth,
          scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
          scrollHeight: document.documentElement.scrollHeight })`,
    )) as PopupSize;
  }

  /** Shows one of the popup's tabs (Positions, Orders, Watchlist, Alerts), as a click on it does. */
  async openTab(name: 'Positions' | 'Orders' | 'Watchlist' | 'Alerts'): Promise<void> {
    await this.page.bringToFront();
    await this.page.locator(`::-p-aria(${name}[role="tab"])`).setTimeout(WAIT.timeout).click();
  }

  /** The watchlist rows, once the watchlist has loaded. */
  async quotes(): Promise<QuoteRow[]> {
    await this.page.waitForSelector(QUOTE_ROWS, WAIT);
    return await this.page.$$eval(QUOTE_ROWS, (rows) =>
      rows.map((row) => ({
        exchange: row.getAttribute('data-exchange') ?? '',
        kind: row.getAttribute('data-kind') ?? '',
        symbol: row.getAttribute('data-symbol') ?? '',
        last: row.querySelector('[data-field="last"]')?.textContent ?? '',
        change: row.querySelector('[data-field="change"]')?.textContent ?? '',
        stale: row.getAttribute('data-stale') === 'true',
      })),
    );
  }

  /**
   * Waits until every watchlist row shows a price, and a set of prices other than `before` when given (a
   * price that came since); returns them, joined by `|`.
   */
  async watchlistPrices(before?: string, timeoutMs: number = WAIT.timeout): Promise<string> {
    await this.quotes();
    const cells = `document.querySelectorAll('${QUOTE_ROWS} [data-field="last"]')`;
    const prices = `[...${cells}].map((cell) => cell.textContent).join('|')`;
    const changed = before === undefined ? 'true' : `${prices} !== ${JSON.stringify(before)}`;
    await this.page.waitForFunction(
      `[...${cells}].every((cell) => /\\d/.test(cell.textContent ?? '')) && ${changed}`,
      { timeout: timeoutMs, polling: WAIT.polling },
    );
    return (await this.page.evaluate(prices)) as string;
  }

  /** Waits until the instrument's row shows a price, and returns the row. */
  async quoteWithPrice(exchange: string, symbol: string): Promise<QuoteRow> {
    const price = `${QUOTE_ROWS}[data-exchange="${exchange}"][data-symbol="${symbol}"] [data-field="last"]`;
    // Strings, not functions, for what runs in the page: these helpers also compile without DOM types.
    await this.page.waitForFunction(
      `/\\d/.test(document.querySelector(${JSON.stringify(price)})?.textContent ?? '')`,
      WAIT,
    );
    const row = (await this.quotes()).find((quote) => quote.exchange === exchange && quote.symbol === symbol);
    if (row === undefined) throw new Error(`No watchlist row for ${exchange} ${symbol}.`);
    return row;
  }

  /** Waits until the instrument's row shows a price marked stale (`stale`) or not, and returns the row. */
  async quoteWithPriceStale(
    exchange: string,
    symbol: string,
    stale: boolean,
    timeoutMs: number = WAIT.timeout,
  ): Promise<QuoteRow> {
    const row = `${QUOTE_ROWS}[data-exchange="${exchange}"][data-symbol="${symbol}"]`;
    await this.page.waitForFunction(
      `(() => { const row = document.querySelector(${JSON.stringify(row)});
        return /\\d/.test(row?.querySelector('[data-field="last"]')?.textContent ?? '')
          && (row.getAttribute('data-stale') === 'true') === ${String(stale)}; })()`,
      { timeout: timeoutMs, polling: WAIT.polling },
    );
    return await this.quoteWithPrice(exchange, symbol);
  }

  /** What the connection line says is wrong with an exchange, once it says something. */
  async exchangeProblem(exchange: string): Promise<string> {
    const problem = await this.page.waitForSelector(
      `::-p-aria(Connection[role="region"]) li[data-exchange="${exchange}"] [data-field="problem"]`,
      WAIT,
    );
    if (problem === null) throw new Error(`The popup names no problem with ${exchange}.`);
    return problem.evaluate((element) => element.textContent);
  }

  /** Each exchange's line of the connection bar, as the trader reads it: its state in words and its problem. */
  async connections(): Promise<{ exchange: string; tone: string; state: string; problem: string }[]> {
    const rows = '::-p-aria(Connection[role="region"]) li[data-exchange]';
    await this.page.waitForSelector(rows, WAIT);
    return await this.page.$$eval(rows, (items) =>
      items.map((row) => ({
        exchange: row.getAttribute('data-exchange') ?? '',
        tone: row.getAttribute('data-tone') ?? '',
        state: row.querySelector('[data-field="state"]')?.textContent ?? '',
        problem: row.querySelector('[data-field="problem"]')?.textContent ?? '',
      })),
    );
  }

  /** The open positions, once there are `count` of them. */
  async positions(count: number): Promise<PositionRow[]> {
    await this.page.waitForFunction(
      `document.querySelectorAll('${POSITION_ROWS}').length === ${String(count)}`,
      WAIT,
    );
    return await this.page.$$eval(POSITION_ROWS, (rows) =>
      rows.map((row) => {
        // A figure by its label: the value alone, as its unit and note are spans after it.
        const figure = (label: string) =>
          [...row.querySelectorAll('dt')].find((term) => term.textContent === label)?.nextElementSibling
            ?.firstChild?.textContent ?? '';
        return {
          exchange: row.getAttribute('data-exchange') ?? '',
          symbol: row.getAttribute('data-symbol') ?? '',
          details: row.querySelector('[data-field="details"]')?.textContent ?? '',
          size: figure('Size'),
          entry: figure('Entry → Mark').split(' → ')[0] ?? '',
          pnl: row.querySelector('[data-field="pnl"]')?.textContent ?? '',
          stale: row.getAttribute('data-stale') === 'true',
          notice: row.querySelector('[data-field="notice"]')?.textContent ?? '',
        };
      }),
    );
  }

  /** Clicks a position's Close button once, and returns what the popup then says (on the row, or under the list). */
  async close(exchange: string, symbol: string): Promise<string> {
    await this.page.locator(closeButton(exchange, symbol)).setTimeout(WAIT.timeout).click();
    const notice = await this.page.waitForFunction(
      `[...document.querySelectorAll('[data-field="notice"]')].map((notice) => notice.textContent).find(Boolean) || false`,
      WAIT,
    );
    return (await notice.jsonValue()) as string;
  }

  /** Clicks a position's Close button once and returns as soon as the row says "Closing…", before any answer. */
  async pressClose(exchange: string, symbol: string): Promise<void> {
    await this.page.locator(closeButton(exchange, symbol)).setTimeout(WAIT.timeout).click();
    await this.page.waitForSelector(`${positionRow(exchange, symbol)} button[aria-label^="Closing… "]`, WAIT);
  }

  /** The answer to a position's close, once its row shows one. */
  async rowNotice(exchange: string, symbol: string): Promise<string> {
    const notice = await this.page.waitForFunction(
      `document.querySelector(${JSON.stringify(`${positionRow(exchange, symbol)} [data-field="notice"]`)})?.textContent || false`,
      WAIT,
    );
    return (await notice.jsonValue()) as string;
  }

  /** A position's protection line ("Unprotected", "Stop 58,000.0"), once it reads as `wanted` says. */
  async protectionLine(exchange: string, symbol: string, wanted: RegExp): Promise<string> {
    return this.textOnceMatching(`${positionRow(exchange, symbol)} [data-field="protection"]`, wanted);
  }

  /** A position's risk line (liquidation distance, ADL rank, funding), once it matches `wanted`. */
  async riskLine(exchange: string, symbol: string, wanted: RegExp): Promise<string> {
    return this.textOnceMatching(`${positionRow(exchange, symbol)} [data-field="risk"]`, wanted);
  }

  /**
   * One figure of the Account panel: the row named `label` (Equity, Available, Margin risk…), the column
   * of `exchange`, once its text matches `wanted`.
   */
  async accountFigure(label: string, exchange: string, wanted: RegExp): Promise<string> {
    const found = await this.page.waitForFunction(
      `(() => {
        const table = document.querySelector('table[data-field="account"]');
        if (table === null) return false;
        const heads = [...table.querySelectorAll('thead th')];
        const column = heads.findIndex((th) => th.getAttribute('data-exchange') === ${JSON.stringify(exchange)});
        const row = [...table.querySelectorAll('tbody tr')].find(
          (tr) => tr.querySelector('th')?.textContent === ${JSON.stringify(label)});
        const text = column < 1 || row === undefined ? '' : (row.children[column]?.textContent ?? '');
        return new RegExp(${JSON.stringify(wanted.source)}).test(text) ? text : false;
      })()`,
      WAIT,
    );
    return (await found.jsonValue()) as string;
  }

  /** The text of `selector` once it matches `wanted`. */
  private async textOnceMatching(selector: string, wanted: RegExp): Promise<string> {
    const found = await this.page.waitForFunction(
      `(() => { const text = document.querySelector(${JSON.stringify(selector)})?.textContent ?? '';
        return new RegExp(${JSON.stringify(wanted.source)}).test(text) ? text : false; })()`,
      WAIT,
    );
    return (await found.jsonValue()) as string;
  }

  /** Opens a position's details and its Protect panel by keyboard, as a trader without a mouse would. */
  async openProtect(exchange: string, symbol: string): Promise<void> {
    const details = `${positionRow(exchange, symbol)} button[aria-label^="Details of"]`;
    await this.page.waitForSelector(details, WAIT);
    await this.page.focus(details);
    await this.page.keyboard.press('Enter');
    const toggle = `${positionRow(exchange, symbol)} button[aria-label^="Protect "]`;
    await this.page.waitForSelector(toggle, { ...WAIT, visible: true });
    await this.page.focus(toggle);
    await this.page.keyboard.press('Enter');
    // The toggle names the panel it opened.
    await this.page.waitForSelector(`${toggle}[aria-expanded="true"]`, WAIT);
  }

  /** Types a stop price into the open panel and presses Enter: what the form then says it sends. */
  async setStop(exchange: string, symbol: string, price: string): Promise<string> {
    const input = `${positionRow(exchange, symbol)} ::-p-aria(Stop price[role="textbox"])`;
    await this.page.locator(input).setTimeout(WAIT.timeout).fill(price);
    // What the field is described by: its mark price, then its verdict.
    const sends = await this.page.waitForFunction(
      `(() => { const field = [...document.querySelectorAll(${JSON.stringify(`${positionRow(exchange, symbol)} input[aria-describedby]`)})]
          .find((input) => input.value === ${JSON.stringify(price)});
        const verdict = field?.getAttribute('aria-describedby').split(' ')[1];
        return (verdict === undefined ? '' : document.getElementById(verdict)?.textContent) || false; })()`,
      WAIT,
    );
    const words = (await sends.jsonValue()) as string;
    await this.page.keyboard.press('Enter');
    return words;
  }

  /** Presses the open panel's Breakeven button. */
  async pressBreakeven(exchange: string, symbol: string): Promise<void> {
    await this.page
      .locator(`${positionRow(exchange, symbol)} ::-p-aria(Breakeven[role="button"])`)
      .setTimeout(WAIT.timeout)
      .click();
  }

  /** Types the passphrase into the locked popup's form and presses Unlock, without waiting for the answer. */
  async submitUnlock(passphrase: string): Promise<void> {
    const form = 'form[aria-label="Unlock Perch"]';
    // The trader looks at the popup (and locators wait for what is on screen, which a background tab is not).
    await this.page.bringToFront();
    // The field keeps what was typed after a failed try: replace it.
    await this.page.locator(`${form} input[type="password"]`).setTimeout(WAIT.timeout).fill(passphrase);
    await this.page.locator(`${form} button[type="submit"]:not([disabled])`).setTimeout(WAIT.timeout).click();
  }

  /**
   * What the positions panel shows once an unlock has answered: unlocked (its Lock button), or the
   * unlock form with the problem it names.
   */
  async unlockAnswer(): Promise<{ state: 'unlocked' } | { state: 'locked'; problem: string }> {
    const shown = await this.page.waitForFunction(
      `(() => {
        if ([...document.querySelectorAll('button')].some((button) => button.textContent === 'Lock')) return { state: 'unlocked' };
        const form = document.querySelector('form[aria-label="Unlock Perch"]');
        const problem = form?.querySelector('[role="alert"]')?.textContent;
        return problem === undefined ? false : { state: 'locked', problem };
      })()`,
      WAIT,
    );
    return (await shown.jsonValue()) as { state: 'unlocked' } | { state: 'locked'; problem: string };
  }

  async openSettings(): Promise<void> {
    await this.page.locator('button::-p-text(Open settings)').click();
  }

  /** Runs axe-core's WCAG A/AA rules, colour contrast included, on the popup as it is now. */
  async axeViolations(): Promise<AxeViolation[]> {
    if (!(await this.page.evaluate('typeof axe !== "undefined"'))) await this.page.evaluate(axeSource);
    // A string, not a function: under tsx a function passed to evaluate can fail with `__name`.
    return (await this.page.evaluate(`axe
      .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
      .then((results) =>
        results.violations.map((violation) => ({
          id: violation.id,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        })),
      )`)) as AxeViolation[];
  }
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, HTTPRequest, KeyInput, Page } from 'puppeteer-core';
import { pageDomOf } from './dom';
import type { DomNode, DomQueries, PageDom } from './dom/dom-node';
import { holdHint } from '../../../src/content/badge/press-words';

/** One instrument line of the badge, as a person reads it. */
export interface BadgeLine {
  name: string;
  price: string;
  change: string;
  age: string;
  /** Each position's side, size with its unit and entry, as its row shows them (`Long 0.03 BTC @ 60,000.00`). */
  positions: string[];
  /** Each closed position's confirmation, while its row still says it (`Closed · Long 0.03 BTC`). */
  closed: string[];
  /** Each position's PnL with its coin. */
  pnls: string[];
  /** Each position's protection: its status, and its legs' prices out of privacy mode. */
  protections: string[];
  results: string[];
}

/** The overlay badge, field by field. */
export interface Badge {
  shadowRootType: string | undefined;
  /** Close is dimmed: something under the pointer changed a moment ago, and a press would be ignored. */
  settling: boolean;
  title: string;
  notice: string;
  lines: BadgeLine[];
}

const SITE = join(import.meta.dirname, '..', 'site');

/** The badge's controls by their accessible names (src/content/badge): a row's held buttons, and the grip. */
const CONTROL_NAMES = {
  close: /^Hold to close (the|your) /,
  'close-half': /^Hold to close half of /,
  grip: /^Perch badge for /,
} as const;
type BadgeControl = keyof typeof CONTROL_NAMES;

function attributeOf(node: DomNode, name: string): string | undefined {
  const attributes = node.attributes ?? [];
  const index = attributes.indexOf(name);
  return index === -1 ? undefined : attributes[index + 1];
}

/** The words a person sees in `node`: its text nodes and what the badge draws from `data-text`. */
function collectText(node: DomNode): string {
  if (node.nodeName === 'STYLE') return '';
  const own = node.nodeName === '#text' ? (node.nodeValue ?? '') : (attributeOf(node, 'data-text') ?? '');
  const nested = [...(node.shadowRoots ?? []), ...(node.children ?? [])].map(collectText).join('');
  return own + nested;
}

const classOf = (node: DomNode): string[] => (attributeOf(node, 'class') ?? '').split(' ');

function findAll(node: DomNode, match: (node: DomNode) => boolean): DomNode[] {
  const found = match(node) ? [node] : [];
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])])
    found.push(...findAll(child, match));
  return found;
}

const byClass = (node: DomNode, className: string) => findAll(node, (n) => classOf(n).includes(className));
const textOf = (node: DomNode, className: string) => byClass(node, className).map(collectText)[0] ?? '';
/** A row's fields (side, size, entry), each drawn on its own, read in turn as a person reads them. */
const fieldsText = (node: DomNode) =>
  (node.children ?? [])
    .map(collectText)
    .filter((field) => field !== '')
    .join(' ');

/**
 * TradingView's title and symbol button show the chart's symbol; the one fixture page shows BTCUSDT.P,
 * so a tab opened with this (`ChartPage.open`'s `prepare`) shows the symbol of its own address, also after
 * a reload, before the overlay reads it.
 */
export const showUrlSymbol = (page: Page) =>
  page.evaluateOnNewDocument(`document.addEventListener('DOMContentLoaded', () => {
    const symbol = new URL(location.href).searchParams.get('symbol') ?? '';
    const ticker = symbol.split(':')[1] ?? symbol;
    document.title = ticker + ' 1.0 ▲ +0.10% Unnamed';
    document.getElementById('header-toolbar-symbol-search').textContent = ticker;
  })`);

/**
 * A charting site's page with Perch's overlay on it. `open` serves a fixture file in place of the real
 * site, so the manifest's real match patterns decide whether Perch runs there.
 */
export class ChartPage {
  private readonly dom: PageDom;

  constructor(readonly page: Page) {
    this.dom = pageDomOf(page);
  }

  /**
   * Opens `url` in a new tab, answered with tests/e2e/site/`fixture`; no other https request leaves.
   * `prepare` gets the tab before it navigates (to watch the page from its first script on).
   */
  static async open(
    browser: Browser,
    url: string,
    fixture: string,
    prepare: (page: Page) => Promise<unknown> = () => Promise.resolve(),
  ): Promise<ChartPage> {
    const page = await browser.newPage();
    await prepare(page);
    const body = await readFile(join(SITE, fixture), 'utf8');
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      if (!request.url().startsWith('https://')) void request.continue();
      else if (request.isNavigationRequest()) void request.respond({ contentType: 'text/html', body });
      else void request.respond({ status: 404, body: '' });
    });
    await page.goto(url);
    return new ChartPage(page);
  }

  /** What the page's own scripts can see of the overlay: the host element and whether its shadow root is open. */
  async overlayAsSeenByPage(): Promise<{ present: boolean; shadowRootVisible: boolean }> {
    // A string, not a function: what runs must be exactly what a page script could run.
    return (await this.page.evaluate(`(() => {
      const host = document.querySelector('perch-overlay');
      return { present: host !== null, shadowRootVisible: host !== null && host.shadowRoot !== null };
    })()`)) as { present: boolean; shadowRootVisible: boolean };
  }

  /** How many Perch overlay hosts the page holds (one at most, whatever happened to the extension). */
  async overlayCount(): Promise<number> {
    return (await this.page.evaluate(`document.querySelectorAll('perch-overlay').length`)) as number;
  }

  /** Switches the chart's symbol as TradingView does: new title, pushState, no reload. */
  async switchSymbol(exchange: string, ticker: string): Promise<void> {
    await this.page.evaluate(`window.switchSymbol(${JSON.stringify(exchange)}, ${JSON.stringify(ticker)})`);
  }

  /**
   * Everything a page script can do to press the Close button: click the host, dispatch clicks on it and
   * at the button's spot, and send keys. None of it may close anything.
   */
  async pressCloseFromPage(): Promise<void> {
    const { x, y } = await this.centerOfControl('close');
    await this.page.evaluate(`(() => {
      const host = document.querySelector('perch-overlay');
      host.click();
      host.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, clientX: ${x}, clientY: ${y} }));
      const under = document.elementFromPoint(${x}, ${y});
      under.click();
      under.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: ${x}, clientY: ${y} }));
      under.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: ${x}, clientY: ${y} }));
      host.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    })()`);
  }

  /**
   * A person waits until Close is ready (the badge dims it for a moment after anything under the pointer
   * changed), presses it and holds it until the badge answers, then lets go; returns the answer, or ''
   * when the position was gone before its row could be read.
   */
  async holdClose(): Promise<string> {
    return this.holdButton('close', 'Close');
  }

  /** The same held press on the first row's Close half: returns the worker's answer in words. */
  async holdCloseHalf(): Promise<string> {
    return this.holdButton('close-half', 'Close half', 'Closing half…');
  }

  private async holdButton(control: BadgeControl, name: string, busy?: string): Promise<string> {
    await this.waitForBadge((badge) => !badge.settling);
    const { x, y } = await this.centerOfControl(control);
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    const answered = await this.waitForBadge((badge) => {
      const result = badge.lines[0]?.results[0];
      return result === undefined || (result !== '' && result !== holdHint(name) && result !== busy);
    });
    await this.page.mouse.up();
    return answered.lines[0]?.results[0] ?? '';
  }

  /** The badge as a person sees it, read through the browser's remote protocol, which sees closed shadow roots. */
  async badge(): Promise<Badge> {
    return this.withDom((host) => {
      const lines = byClass(host, 'line').map((line) => ({
        name: textOf(line, 'name'),
        price: textOf(line, 'price'),
        change: textOf(line, 'change'),
        age: textOf(line, 'age'),
        positions: byClass(line, 'position-text').map(fieldsText),
        closed: byClass(line, 'closed-note').map(collectText),
        pnls: byClass(line, 'pnl').map(collectText),
        protections: byClass(line, 'protection').map(collectText),
        results: byClass(line, 'result').map(collectText),
      }));
      return Promise.resolve({
        shadowRootType: host.shadowRoots?.[0]?.shadowRootType,
        settling: byClass(host, 'settling').length > 0,
        title: textOf(host, 'handle'),
        notice: textOf(host, 'notice'),
        lines,
      });
    });
  }

  /** Waits for a badge that passes `check`, and returns it. */
  async waitForBadge(check: (badge: Badge) => boolean, timeoutMs = 20_000): Promise<Badge> {
    const deadline = Date.now() + timeoutMs;
    let last: Badge | string;
    for (;;) {
      try {
        const badge = await this.badge();
        if (check(badge)) return badge;
        last = badge;
      } catch (error) {
        last = String(error);
      }
      if (Date.now() > deadline)
        throw new Error(`The badge never showed what was expected; it shows ${JSON.stringify(last)}.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The overlay's shadow root kind and its whole text, as a person reads it (screenshots wait on it). */
  async overlay(): Promise<{ shadowRootType: string | undefined; text: string }> {
    return this.withDom((host) =>
      Promise.resolve({ shadowRootType: host.shadowRoots?.[0]?.shadowRootType, text: collectText(host) }),
    );
  }

  /**
   * Each control of the badge as Chromium's accessibility tree exposes it to a screen reader: its role and
   * name. (axe-core cannot run here: it sees open shadow roots only, and the badge's is closed on purpose;
   * the component tests run axe on the same DOM in an open root.)
   */
  async controls(): Promise<{ role: string; name: string }[]> {
    return this.withDom(async (host, queries) => {
      const controls = findAll(host, (node) => node.nodeName === 'BUTTON');
      const named = [];
      for (const control of controls) named.push(await queries.accessible(control));
      // A closed form's buttons are hidden: the accessibility tree leaves them out (role "none", no name).
      return named.filter((control) => !(control.role === 'none' && control.name === ''));
    });
  }

  /** Where the badge is on screen, in CSS pixels from the viewport's top left. */
  async badgeBox(): Promise<{ left: number; top: number }> {
    return this.withDom(async (host, queries) => {
      // The badge is the region named after the chart ("Perch: BTCUSDT.P").
      for (const section of findAll(host, (node) => node.nodeName === 'SECTION')) {
        const { role, name } = await queries.accessible(section);
        if (role !== 'region' || !name.startsWith('Perch: ')) continue;
        const { left, top } = await queries.box(section);
        return { left, top };
      }
      throw new Error('The overlay shows no badge.');
    });
  }

  /** A person drags the badge by its grip with the mouse, `dx` right and `dy` down. */
  async dragBadge(dx: number, dy: number): Promise<void> {
    const { x, y } = await this.centerOfControl('grip');
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx / 2, y + dy / 2);
    await this.page.mouse.move(x + dx, y + dy);
    await this.page.mouse.up();
  }

  /** A keyboard user tabs to the badge's grip (the page's first focusable) and presses `keys`. */
  async moveBadgeWithKeys(keys: KeyInput[]): Promise<void> {
    await this.page.keyboard.press('Tab');
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /** The middle of the badge's first button named as `control` says, where a person would press it. */
  async centerOfControl(control: BadgeControl): Promise<{ x: number; y: number }> {
    return this.withDom(async (host, queries) => {
      for (const button of findAll(host, (node) => node.nodeName === 'BUTTON')) {
        const { role, name } = await queries.accessible(button);
        if (role !== 'button' || !CONTROL_NAMES[control].test(name)) continue;
        const { left, top, width, height } = await queries.box(button);
        return { x: left + width / 2, y: top + height / 2 };
      }
      throw new Error(`The badge shows no button named ${String(CONTROL_NAMES[control])}.`);
    });
  }

  /** The middle of the badge's first text of class `className` (a row's words have no role of their own). */
  async centerOf(className: string): Promise<{ x: number; y: number }> {
    return this.withDom(async (host, queries) => {
      const element = byClass(host, className)[0];
      if (element === undefined) throw new Error(`The badge shows no ${className} element.`);
      const { left, top, width, height } = await queries.box(element);
      return { x: left + width / 2, y: top + height / 2 };
    });
  }

  private withDom<T>(read: (host: DomNode, queries: DomQueries) => Promise<T>): Promise<T> {
    return this.dom.read((document, queries) => {
      const host = findAll(document, (node) => node.nodeName === 'PERCH-OVERLAY')[0];
      if (host === undefined) throw new Error('Perch has not mounted its overlay on this page.');
      return read(host, queries);
    });
  }
}

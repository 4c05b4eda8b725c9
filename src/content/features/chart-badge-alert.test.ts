// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { PerchError } from '../../contracts/perch-error';
import { NO_LEVEL, NO_PRICE_YET } from '../badge/alert-form';
import { trustedClick, trustedKey, trustedPointer } from '../badge/badge-fakes.test-helper';
import { CHART_HOLD_MS, holdHint, NOT_AS_DRAWN, SETTLE_MS } from '../badge/press-words';
import { expectNoAxeViolations } from '../../ui/axe.test-helper';
import {
  drawnText,
  holdButton,
  live,
  showBadge,
  useBadgePage,
  withPosition,
} from './chart-badge.test-helper';

const page = useBadgePage();
const text = (selector: string) => drawnText(page, selector);
const find = (selector: string) => page.root.querySelector<HTMLElement>(selector)!;
const button = (selector: string) => page.root.querySelector<HTMLButtonElement>(selector)!;
const opener = () => button('.quote .plain');
const field = () => find('.level');
const setAlert = () => button('.set-alert');
const type = (keys: string) => {
  for (const key of keys) trustedKey(field(), key);
};

const BYBIT_BTC = { exchange: 'bybit', kind: 'perpetual', symbol: 'BTCUSDT' } as const;
const SET = { created: true, message: 'Alert set: BTCUSDT on Bybit above 70,000' };

/** The badge with a price of 67,012.50 on Bybit's BTCUSDT (and a position under it), its alert field open. */
function openAlert(privacy = false) {
  withPosition(showBadge(page, privacy));
  trustedClick(opener());
}

describe('a price alert from the chart badge', () => {
  it('opens a field pre-filled with the price the badge shows, in place of the positions', () => {
    openAlert();

    expect(text('.price')).toBe('67,012.50');
    expect(text('.level')).toBe('67,012.5');
    expect(find('.alert-form').hidden).toBe(false);
    expect(find('.positions').hidden).toBe(true);
    expect(opener().getAttribute('aria-expanded')).toBe('true');
  });

  it('sets an alert above the shown price once Set alert is held, and shows the answer', async () => {
    page.background.answers.createChartAlert = SET;
    openAlert();
    type('70000');
    expect(text('.level')).toBe('70,000');

    await holdButton(setAlert(), CHART_HOLD_MS - 1);
    expect(text('.said')).toBe(holdHint('Set alert'));
    expect(page.background.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(page.background.sent).toEqual([
      { name: 'createChartAlert', payload: { instrument: BYBIT_BTC, direction: 'above', level: '70000' } },
    ]);
    expect(text('.said')).toBe(SET.message);
  });

  it('sets it below when the level typed is under the shown price, edited with Backspace', async () => {
    page.background.answers.createChartAlert = SET;
    openAlert();
    type('650000');
    trustedKey(field(), 'Backspace');
    type('.5');

    await holdButton(setAlert());

    expect(page.background.sent).toEqual([
      { name: 'createChartAlert', payload: { instrument: BYBIT_BTC, direction: 'below', level: '65000.5' } },
    ]);
  });

  it('decides the side against the price shown when the hold completes', async () => {
    page.background.answers.createChartAlert = SET;
    const port = showBadge(page);
    withPosition(port);
    trustedClick(opener());
    port.push({ type: 'changes', quotes: [{ ...BYBIT_BTC, last: '68000', ts: Date.now() }], status: [live] });

    await holdButton(setAlert());

    expect(page.background.sent).toMatchObject([{ payload: { direction: 'below', level: '67012.5' } }]);
  });

  it('sends nothing and opens nothing for page-made clicks, presses and keys', async () => {
    withPosition(showBadge(page));
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    opener().click();
    expect(find('.alert-form').hidden).toBe(true);

    trustedClick(opener());
    field().dispatchEvent(new KeyboardEvent('keydown', { key: '9', bubbles: true }));
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    setAlert().click();
    setAlert().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
    setAlert().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS * 2);

    expect(text('.level')).toBe('67,012.5');
    expect(page.background.sent).toEqual([]);
    expect(text('.said')).toBe('');
  });

  it('keeps what is typed from the chart page: its own key listeners hear nothing', () => {
    const heard: string[] = [];
    document.addEventListener('keydown', (event) => heard.push(event.key));
    openAlert();

    type('7');
    trustedKey(field(), 'Escape');

    expect(heard).toEqual([]);
    expect(find('.alert-form').hidden).toBe(true);
    expect(find('.positions').hidden).toBe(false);
  });

  it('refuses a hold while the page restyles the badge, and sends nothing', async () => {
    openAlert();
    page.host.style.opacity = '0';

    await holdButton(setAlert());

    expect(page.background.sent).toEqual([]);
    expect(text('.said')).toBe(NOT_AS_DRAWN);
  });

  it('ignores a hold that starts just after the field opened under the pointer', async () => {
    withPosition(showBadge(page));
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    trustedClick(opener());

    trustedPointer(setAlert(), 'pointerdown');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);

    expect(page.background.sent).toEqual([]);
  });

  it('sends nothing without a price to compare with or a level, and says why', async () => {
    showBadge(page);
    trustedClick(opener());
    await holdButton(setAlert());
    expect(text('.said')).toBe(NO_PRICE_YET);

    trustedClick(opener());
    withPosition(page.background.ports[0]!);
    trustedClick(opener());
    trustedKey(field(), 'Backspace');
    await holdButton(setAlert());

    expect(text('.said')).toBe(NO_LEVEL);
    expect(page.background.sent).toEqual([]);
  });

  it("shows the worker's refusal in its words", async () => {
    const words = 'This chart page follows no instrument, so it may not set an alert on BTCUSDT on Bybit.';
    page.background.answers.createChartAlert = new PerchError('ForbiddenSymbolError', words);
    openAlert();

    await holdButton(setAlert());

    expect(text('.said')).toBe(words);
  });

  it('names no level in privacy mode once the alert is set', async () => {
    page.background.answers.createChartAlert = SET;
    openAlert(true);
    type('70000');

    await holdButton(setAlert());

    expect(text('.said')).toBe('Alert set: above •••');
    expect(setAlert().getAttribute('aria-label')).toBe('Hold to set the price alert on Bybit BTCUSDT');
  });

  it('holds no text a page could find and labels every control, with the field open', async () => {
    vi.useRealTimers();
    const open = document.body.appendChild(document.createElement('div'));
    page.root = open.attachShadow({ mode: 'open' });
    openAlert();
    const walker = document.createTreeWalker(page.root, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode())
      if (node.parentElement?.tagName !== 'STYLE') texts.push(node.textContent ?? '');

    expect(texts).toEqual([]);
    await expectNoAxeViolations(open);
    open.remove();
  });
});

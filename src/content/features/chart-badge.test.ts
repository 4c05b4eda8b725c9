// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { PositionView } from '../../contracts/portfolio';
import { PerchError } from '../../contracts/perch-error';
import { trustedClick, trustedKey, trustedPointer } from '../badge/badge-fakes.test-helper';
import {
  CHANGED_WHILE_HELD,
  CHART_HOLD_MS,
  HOLD_HINT,
  LET_GO_EARLY,
  NO_POSITION,
  NOT_AS_DRAWN,
  PRESS_TOO_SOON,
  SETTLE_MS,
} from '../badge/press-words';
import { expectNoAxeViolations } from '../../ui/axe.test-helper';
import { CLOSED_SHOWN_MS } from '../badge/badge-view';
import { SAVE_PLACEMENT_MS } from './chart-badge';
import {
  CHART,
  drawnText,
  holdButton,
  live,
  position,
  positionText,
  quote,
  showBadge,
  useBadgePage,
  withPosition,
} from './chart-badge.test-helper';

const page = useBadgePage();
const show = (privacy = false, badge?: Parameters<typeof showBadge>[2]) => showBadge(page, privacy, badge);
const text = (selector: string) => drawnText(page, selector);
const notice = () => text('.notice');
const closeButton = () => page.root.querySelector<HTMLButtonElement>('.close')!;
const holdClose = (ms?: number) => holdButton(closeButton(), ms);

describe('the chart badge', () => {
  it('says it is loading and asks the hub for the chart instruments only', () => {
    const port = show();

    expect(notice()).toBe('Perch · loading BTCUSDT.P…');
    expect(port.wanted).toEqual([{ type: 'want', quotes: CHART.instruments }]);
  });

  it('says why the hub refused it before any price came, until the price comes', () => {
    const port = show();
    const words = 'This chart page changed symbols too often; Perch paused its quotes for a few seconds.';
    port.push({ type: 'error', message: words });
    expect(notice()).toBe(words);

    port.push({ type: 'snapshot', quotes: [quote()], status: [live] });
    expect(notice()).toBe('');
    expect(text('.price')).toBe('67,012.50');
  });

  it('keeps the refusal on screen while the port goes on bringing what it followed before, until a snapshot answers', () => {
    const port = show();
    port.push({ type: 'snapshot', quotes: [], status: [live] });
    const words =
      'Chart pages already follow 24 instruments, as many as Perch streams for them; close a chart tab you no longer need, then reload this page.';
    port.push({ type: 'error', message: words });
    port.push({ type: 'changes', quotes: [], status: [{ ...live, dataAgeMs: 500 }] });
    expect(notice()).toBe(words);

    port.push({ type: 'snapshot', quotes: [quote()], status: [live] });
    expect(notice()).toBe('');
  });

  it('shows the live price, its 24-hour change and its age', () => {
    show().push({ type: 'snapshot', quotes: [quote()], status: [live] });

    expect(notice()).toBe('');
    expect(text('.name')).toBe('Bybit BTCUSDT');
    expect(text('.price')).toBe('67,012.50');
    expect(text('.change')).toBe('+1.53%');
    expect(text('.age')).toBe('2s');
  });

  it('writes only what a tick changed: a new price, the rest of the badge left as it is', () => {
    const port = show();
    port.push({ type: 'snapshot', quotes: [quote()], status: [live] });
    const observer = new MutationObserver(() => undefined);
    observer.observe(page.root, { subtree: true, childList: true, characterData: true, attributes: true });

    port.push({ type: 'changes', quotes: [quote({ last: '67012.6' })], status: [] });

    const touched = observer.takeRecords().map((record) => {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      return target?.className;
    });
    observer.disconnect();
    expect(text('.price')).toBe('67,012.60');
    expect(new Set(touched)).toEqual(new Set(['price']));
  });

  it('leaves the badge as it is when a message moves no price (a new bid or ask)', () => {
    const port = show();
    port.push({ type: 'snapshot', quotes: [quote({ bid: '67012.4' })], status: [live] });
    const observer = new MutationObserver(() => undefined);
    observer.observe(page.root, { subtree: true, childList: true, characterData: true, attributes: true });

    port.push({ type: 'changes', quotes: [quote({ bid: '67012.3' })], status: [] });

    expect(observer.takeRecords()).toEqual([]);
    observer.disconnect();
    expect(text('.price')).toBe('67,012.50');
    expect(text('.change')).toBe('+1.53%');
  });

  it('leaves the 24-hour change out until the background sends the open price', () => {
    show().push({ type: 'snapshot', quotes: [quote({ open24h: undefined })], status: [live] });

    expect(text('.change')).toBe('');
  });

  it('ages the price while no new one comes, and marks it stale after 30 seconds', async () => {
    show().push({ type: 'snapshot', quotes: [quote()], status: [live] });

    await vi.advanceTimersByTimeAsync(3_000);
    expect(text('.age')).toBe('5s');
    await vi.advanceTimersByTimeAsync(26_000);
    expect(text('.age')).toBe('stale · 31s');
  });

  it('marks the price stale when its exchange stream is', () => {
    show().push({ type: 'snapshot', quotes: [quote()], status: [{ ...live, stale: true }] });

    expect(text('.age')).toBe('stale · 2s');
  });

  it('shows the position on the chart instrument with a Close button to hold', () => {
    withPosition(show());

    expect(positionText(page)).toBe('Long 0.03 BTC @ 60,000.00');
    expect(text('.pnl')).toBe('+210.30 USDT');
    expect(page.root.querySelector('.pnl')!.className).toBe('pnl up');
    expect(closeButton().getAttribute('aria-label')).toBe('Hold to close the long BTCUSDT position on Bybit');
    expect(page.root.querySelector<HTMLElement>('.no-position')!.hidden).toBe(true);
  });

  it('shows what the last of a run of ticks brought, each tick writing only the figures it moved', () => {
    const port = show();
    withPosition(port);
    const observer = new MutationObserver(() => undefined);
    observer.observe(page.root, { subtree: true, attributes: true });
    const tick = (last: string, pnl: number, protection?: PositionView['protection']) => {
      port.push({
        type: 'changes',
        quotes: [quote({ last })],
        status: [],
        account: { positions: [{ ...position, pnl, ...(protection === undefined ? {} : { protection }) }] },
      });
      const moved = observer.takeRecords().map((record) => (record.target as Element).classList[0]);
      return [...new Set(moved)].sort();
    };
    const stop = { status: 'stop-set' as const, words: 'stop set', legs: [] };

    expect(tick('67012.6', 211.4)).toEqual(['pnl', 'price']);
    expect(tick('67012.7', 211.401)).toEqual(['price']);
    expect(tick('67012.7', 211.401)).toEqual([]);
    expect(tick('66990', -3, stop)).toEqual(['change', 'pnl', 'price', 'protection']);
    expect(tick('66990.5', -2.5, { ...stop })).toEqual(['pnl', 'price']);
    observer.disconnect();

    expect(text('.price')).toBe('66,990.50');
    expect(text('.pnl')).toBe('−2.50 USDT');
    expect(page.root.querySelector('.pnl')!.className).toBe('pnl down');
    expect(text('.protection')).toBe('Stop set');
    expect(positionText(page)).toBe('Long 0.03 BTC @ 60,000.00');
  });

  it('hides side, size, entry and PnL in privacy mode', () => {
    withPosition(show(true));

    expect(positionText(page)).toBe('Position •••');
    expect(text('.pnl')).toBe('');
    expect(closeButton().getAttribute('aria-label')).toBe('Hold to close your BTCUSDT position on Bybit');
  });

  it('drops a position the account no longer has and, once it has said so, shows the empty slot', async () => {
    const port = show();
    withPosition(port);

    port.push({ type: 'changes', quotes: [], status: [], account: { positions: [] } });
    await vi.advanceTimersByTimeAsync(CLOSED_SHOWN_MS);

    expect(page.root.querySelector('.position')).toBeNull();
    expect(page.root.querySelector<HTMLElement>('.no-position')!.hidden).toBe(false);
    expect(text('.no-position')).toBe(NO_POSITION);
  });

  it('holds no text a page could find: every word is drawn from an attribute', () => {
    withPosition(show());
    const walker = document.createTreeWalker(page.root, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode())
      if (node.parentElement?.tagName !== 'STYLE') texts.push(node.textContent ?? '');

    expect(texts).toEqual([]);
    expect(text('.price')).toBe('67,012.50');
  });

  it('closes the position once Close is held, naming the page symbol and the row as seen, and shows the outcome', async () => {
    page.background.answers.closePosition = {
      status: 'already-closed',
      message: 'BTCUSDT on Bybit was already closed.',
    };
    withPosition(show());

    await holdClose(CHART_HOLD_MS - 1);
    expect(text('.result')).toBe(HOLD_HINT);
    expect(page.background.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(page.background.sent).toEqual([
      {
        name: 'closePosition',
        payload: {
          exchange: 'bybit',
          instrument: { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' },
          slot: 'one-way',
          seen: { side: 'long', sizeContracts: '0.03' },
          page: { exchange: 'bybit', symbol: 'BTCUSDT' },
        },
      },
    ]);
    expect(text('.result')).toBe('BTCUSDT on Bybit was already closed.');
  });

  it('sends the row as it reads when held: after the position flipped on screen, the new side and size', async () => {
    const port = show();
    withPosition(port);
    const flipped = { ...position, side: 'short', sizeContracts: '0.05' } as const;
    port.push({ type: 'changes', quotes: [], status: [], account: { positions: [flipped] } });
    expect(positionText(page)).toMatch(/^Short 0\.05 BTC @/);

    await holdClose();

    expect(page.background.sent).toMatchObject([
      { name: 'closePosition', payload: { seen: { side: 'short', sizeContracts: '0.05' } } },
    ]);
  });

  it('shows why Perch refused a close', async () => {
    page.background.answers.closePosition = new PerchError(
      'ForbiddenSymbolError',
      'This chart page follows no instrument.',
    );
    withPosition(show());

    await holdClose();

    expect(text('.result')).toBe('This chart page follows no instrument.');
  });

  it("does nothing on a click, a person's or a page's: only a hold closes", async () => {
    withPosition(show());
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    const button = closeButton();

    button.click();
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }));
    trustedClick(button);
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS * 2);

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe('');
  });

  it('sends nothing when Close is let go before the hold completes, and says how to close', async () => {
    withPosition(show());

    await holdClose(CHART_HOLD_MS / 2);
    trustedPointer(closeButton(), 'pointerup');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe(LET_GO_EARLY);
  });

  it('closes on Space held down, and not on a tap of it', async () => {
    page.background.answers.closePosition = { status: 'already-closed', message: 'Already closed.' };
    withPosition(show());
    await vi.advanceTimersByTimeAsync(SETTLE_MS);

    trustedKey(closeButton(), ' ');
    trustedKey(closeButton(), ' ', 'keyup');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);
    expect(page.background.sent).toEqual([]);

    trustedKey(closeButton(), ' ');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);
    expect(page.background.sent.map(({ name }) => name)).toEqual(['closePosition']);
  });

  it('ignores a press that comes just after the position appeared under the pointer', async () => {
    const port = show();
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    withPosition(port);

    trustedPointer(closeButton(), 'pointerdown');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe(PRESS_TOO_SOON);
  });

  it('dims Close while a press would be ignored, and lights it once the badge has held still', async () => {
    const port = show();
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    const settling = () => page.root.querySelector('.badge')!.classList.contains('settling');
    expect(settling()).toBe(false);

    withPosition(port);
    expect(settling()).toBe(true);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(settling()).toBe(false);
  });

  it('stops a hold when the position changes side or size under it', async () => {
    const port = show();
    withPosition(port);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);

    trustedPointer(closeButton(), 'pointerdown');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS / 2);
    withPosition(port, { ...position, side: 'short', sizeContracts: '0.05' });
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe(CHANGED_WHILE_HELD);
  });

  it.each([
    ['made transparent', (element: HTMLElement) => (element.style.opacity = '0')],
    ['transformed', (element: HTMLElement) => (element.style.transform = 'translate(10px, 10px)')],
    ['filtered', (element: HTMLElement) => (element.style.filter = 'opacity(0.1)')],
    ['clipped', (element: HTMLElement) => (element.style.clipPath = 'inset(50%)')],
  ])('refuses a hold while the page shows the host %s', async (_how, restyle) => {
    withPosition(show());
    restyle(page.host);

    await holdClose();

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe(NOT_AS_DRAWN);
  });

  it('refuses a hold while <html> is restyled, or the badge is not where Perch put it', async () => {
    withPosition(show());
    document.documentElement.style.opacity = '0.5';
    await holdClose();
    document.documentElement.style.opacity = '';
    expect(text('.result')).toBe(NOT_AS_DRAWN);

    const badge = page.root.querySelector<HTMLElement>('.badge')!;
    vi.spyOn(badge, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 340, 100));
    trustedPointer(closeButton(), 'pointerdown');
    await vi.advanceTimersByTimeAsync(CHART_HOLD_MS);

    expect(page.background.sent).toEqual([]);
    expect(text('.result')).toBe(NOT_AS_DRAWN);
  });

  it('says it is reconnecting when the worker goes away, and asks again on the new port', async () => {
    const first = show();
    first.push({ type: 'snapshot', quotes: [quote()], status: [live] });

    first.drop();
    expect(notice()).toBe('Perch: not connected — reconnecting…');
    expect(text('.age')).toBe('stale · 2s');

    await vi.advanceTimersByTimeAsync(250);
    const second = page.background.ports[1]!;
    expect(second.wanted).toEqual([{ type: 'want', quotes: CHART.instruments }]);
    second.push({ type: 'snapshot', quotes: [quote({ last: '67100' })], status: [live] });
    expect(notice()).toBe('');
    expect(text('.price')).toBe('67,100.00');
  });

  it('asks for a page reload after an extension update instead of retrying for ever', async () => {
    const port = show();

    page.background.alive = false;
    port.drop();
    await vi.advanceTimersByTimeAsync(60_000);

    expect(notice()).toBe('Perch was updated — reload this page');
    expect(page.background.ports).toHaveLength(1);
  });

  it('notices an extension update on its own tick when the port never reports it', async () => {
    const port = show();
    port.push({ type: 'snapshot', quotes: [quote()], status: [live] });

    page.background.alive = false;
    await vi.advanceTimersByTimeAsync(1_000);

    expect(notice()).toBe('Perch was updated — reload this page');
    expect(page.background.ports).toHaveLength(1);
  });

  it('sits where the trader last placed it', () => {
    show(false, { corner: 'top-left', offsetX: 40, offsetY: 50 });
    const { style } = page.root.querySelector<HTMLElement>('.badge')!;

    expect([style.top, style.left, style.bottom, style.right]).toEqual(['50px', '40px', 'auto', 'auto']);
  });

  it('moves with the arrow keys and saves where it rests', async () => {
    show(false, { corner: 'bottom-right', offsetX: 16, offsetY: 16 });
    const handle = page.root.querySelector('.handle')!;

    trustedKey(handle, 'ArrowLeft');
    trustedKey(handle, 'ArrowUp');
    await vi.advanceTimersByTimeAsync(SAVE_PLACEMENT_MS);

    expect(page.root.querySelector<HTMLElement>('.badge')!.style.right).toBe('26px');
    expect(page.background.sent).toEqual([
      {
        name: 'saveBadgePlacement',
        payload: { badge: { corner: 'bottom-right', offsetX: 26, offsetY: 26 } },
      },
    ]);
  });

  it('labels every control for keyboard and screen-reader users', async () => {
    vi.useRealTimers();
    const open = document.body.appendChild(document.createElement('div'));
    page.root = open.attachShadow({ mode: 'open' });
    withPosition(show());

    await expectNoAxeViolations(open);
    open.remove();
  });

  it('stops and asks for nothing more once its signal aborts', async () => {
    const port = show();

    page.controller.abort();
    port.drop();
    await vi.advanceTimersByTimeAsync(60_000);

    expect(page.background.ports).toHaveLength(1);
  });
});

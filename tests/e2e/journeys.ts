import { expect, vi } from 'vitest';
import type { startSimulator } from '../../sim';
import type { Browser } from 'puppeteer-core';
import { BADGE_WORDS, leakedWords, readBadgeFromPage, shownWords } from './pages/page-read-out';
import { ChartPage, type Badge } from './pages/chart-page';
import type { OptionsPage } from './pages/options-page';
import type { PopupPage } from './pages/popup-page';
import { VAULT_PASSPHRASE } from './perch-session';
import {
  BTC_PERPETUAL,
  setBtcPosition,
  simAdmin,
  simPositions,
  simStopPrices,
  type ExchangeName,
} from './sim-account';

// The steps of the user journeys that run in Chromium and in Firefox alike, with what each must show.

type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/** Generous guards for what runs over real sockets; each wait ends as soon as it happened. */
const WAIT = { timeout: 20_000, interval: 200 };
const PRICE = /^\d{1,3}(,\d{3})*\.\d{2,}$/;

/** A TradingView chart of Bybit's BTC perpetual, answered with tests/e2e/site/tradingview-chart.html. */
export const TRADINGVIEW_CHART = 'https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P';

export const priced = (badge: Badge): boolean => PRICE.test(badge.lines[0]?.price ?? '');
export const pricesAll = (badge: Badge): boolean => badge.lines.every((line) => PRICE.test(line.price));

/** What "Test connection" shows for the simulator's OKX demo key: it can trade, from any address. */
export const OKX_DEMO_KEY_TEST = {
  fields: {
    reachable: 'Reachable',
    equity: '100,000.00 USD',
    permissions: 'Can trade: see the account, trade',
    withdraw: 'Cannot withdraw',
    ips: 'None: the key works from any IP address',
    expiry: 'Does not expire',
    // The offset to the simulator's clock on this machine: a few ms either way, never exactly known.
    clock: expect.stringMatching(/^-?\d+ ms$/) as string,
  },
  findings: [
    'OK: Your clock agrees with the exchange.',
    'OK: This key can trade: Perch can close positions with it.',
    'Note: This key is not bound to an IP address: it works from anywhere.',
  ],
  warning: undefined,
};

/** A new trader in the options page: sets up the vault, then saves both exchanges' keys. */
export async function setUpVaultAndKeys(options: OptionsPage, simulator: Simulator): Promise<void> {
  const { okx, bybit } = simulator.accounts;
  await options.setUpVault(VAULT_PASSPHRASE);
  await options.saveKeys('okx', { apiKey: okx.apiKey, secret: okx.secretKey, passphrase: okx.passphrase });
  await options.saveKeys('bybit', { apiKey: bybit.apiKey, secret: bybit.apiSecret });
}

/**
 * The popup streams the watchlist and shows the OKX BTC long the simulator holds; one click closes it,
 * on the screen and on the exchange.
 */
export async function closeOkxLongFromPopup(popup: PopupPage, simulator: Simulator): Promise<void> {
  const quote = await popup.quoteWithPrice('bybit', 'BTCUSDT');
  expect(quote.stale).toBe(false);
  const [position] = await popup.positions(1);
  expect(position).toMatchObject({ exchange: 'okx', symbol: 'BTC-USDT-SWAP' });
  await expect(popup.close('okx', 'BTC-USDT-SWAP')).resolves.toBe(
    'Close of the BTC-USDT-SWAP position on OKX sent; waiting for OKX to confirm.',
  );
  await popup.positions(0);
  await vi.waitFor(async () => {
    expect(await simPositions(simulator, 'okx')).toEqual([]);
  }, WAIT);
}

/**
 * A TradingView BTCUSDT.P chart, with a Bybit BTC long open: the badge shows the live, moving price and
 * the position; whatever the page's own scripts do closes nothing; a person holding Close closes it.
 */
export async function closeBybitLongFromBadge(chart: ChartPage, simulator: Simulator): Promise<void> {
  const first = await chart.waitForBadge((badge) => priced(badge) && badge.lines[0]?.positions.length === 1);
  expect(first).toMatchObject({ shadowRootType: 'closed', title: 'Perch · BTCUSDT.P', notice: '' });
  expect(first.lines).toHaveLength(1);
  expect(first.lines[0]?.name).toBe('Bybit BTCUSDT');
  expect(first.lines[0]?.positions[0]).toMatch(/^Long 0\.030? BTC @ 60,000\.00$/);
  expect(first.lines[0]?.pnls[0]).toMatch(/^[+−]?[\d,]+\.\d{2} USDT$/);
  await expect(chart.overlayAsSeenByPage()).resolves.toEqual({ present: true, shadowRootVisible: false });
  // The page's own script finds, selects and copies none of the badge's words (they are drawn, not text).
  const words = [...BADGE_WORDS, ...shownWords(first)];
  const readOut = await readBadgeFromPage(chart, words, await chart.centerOf('position-text'));
  expect(leakedWords(readOut, words)).toEqual([]);
  // The price moves with the exchange's stream.
  await chart.waitForBadge((badge) => priced(badge) && badge.lines[0]?.price !== first.lines[0]?.price);

  await chart.pressCloseFromPage();
  // Let the badge take two more prices: long enough for a close to have been sent, had one been.
  const afterFake = await chart.waitForBadge((badge) => badge.lines[0]?.price !== first.lines[0]?.price);
  await chart.waitForBadge((badge) => badge.lines[0]?.price !== afterFake.lines[0]?.price);
  expect(await simPositions(simulator, 'bybit')).toHaveLength(1);
  expect((await chart.badge()).lines[0]?.results).toEqual(['']);

  // The row may already be gone (closed) when the badge is read: the simulator has the last word below.
  await expect(chart.holdClose()).resolves.toMatch(
    /^$|^Closing…$|^Close of the BTCUSDT position on Bybit sent/,
  );

  // The row says what was closed a moment, rather than just vanishing.
  await chart.waitForBadge((badge) => badge.lines[0]?.closed[0]?.startsWith('Closed · Long 0.03') === true);
  await vi.waitFor(async () => {
    expect(await simPositions(simulator, 'bybit')).toEqual([]);
  }, WAIT);
  await chart.waitForBadge((badge) => badge.lines[0]?.positions.length === 0);
}

/** A TradingView chart whose badge shows a price (Perch already on the simulator). */
export async function pricedTradingViewChart(browser: Browser): Promise<ChartPage> {
  const chart = await ChartPage.open(browser, TRADINGVIEW_CHART, 'tradingview-chart.html');
  await chart.waitForBadge(priced);
  return chart;
}

/** The chart switches symbol as TradingView does (no reload): the badge follows, priced. */
export async function badgeFollowsSymbolSwitch(chart: ChartPage): Promise<void> {
  await chart.switchSymbol('OKX', 'ETHUSDT.P');

  const switched = await chart.waitForBadge((badge) => badge.title === 'Perch · ETHUSDT.P' && priced(badge));
  expect(switched.lines.map((line) => line.name)).toEqual(['OKX ETH-USDT-SWAP']);
}

/** A Binance futures page names no exchange of Perch's: its badge shows the market on both. */
export async function binancePageShowsBothExchanges(browser: Browser): Promise<void> {
  const chart = await ChartPage.open(
    browser,
    'https://www.binance.com/en/futures/BTCUSDT',
    'binance-futures.html',
  );

  const badge = await chart.waitForBadge(pricesAll);

  expect(badge.title).toBe('Perch · BTCUSDT.P');
  expect(badge.lines.map((line) => line.name)).toEqual(['OKX BTC-USDT-SWAP', 'Bybit BTCUSDT']);
}

/** Firefox lays out in sixtieths of a pixel, so positions are compared to a twentieth of one. */
function expectMovedBy(
  before: { left: number; top: number },
  after: { left: number; top: number },
  dx: number,
  dy: number,
): void {
  expect(after.left).toBeCloseTo(before.left + dx, 1);
  expect(after.top).toBeCloseTo(before.top + dy, 1);
}

/** A keyboard user tabs to the badge and moves it 20 px left and 10 px up. */
export async function badgeMovesWithArrowKeys(chart: ChartPage): Promise<void> {
  const before = await chart.badgeBox();

  await chart.moveBadgeWithKeys(['ArrowLeft', 'ArrowLeft', 'ArrowUp']);

  expectMovedBy(before, await chart.badgeBox(), -20, -10);
}

/** A trader drags the badge by its grip; it stays where it was dropped. */
export async function badgeMovesWithMouse(chart: ChartPage): Promise<void> {
  const before = await chart.badgeBox();

  await chart.dragBadge(-300, -200);

  expectMovedBy(before, await chart.badgeBox(), -300, -200);
}

/** The price the protect journey opens its long at; the simulator holds prices still for it. */
export const PROTECT_ENTRY = 60_000;
/** Each exchange's BTC perpetual on TradingView, and half the long `openLong` opens (order unit). */
const PROTECT_CHART = {
  okx: { url: TRADINGVIEW_CHART.replace('BYBIT:BTCUSDT.P', 'OKX:BTCUSDT.P'), half: 1.5 },
  bybit: { url: TRADINGVIEW_CHART, half: 0.015 },
} as const;

export interface ProtectJourney {
  readonly exchange: ExchangeName;
  readonly simulator: Simulator;
  readonly browser: Browser;
  /** The popup's screen showing the long `openLong` opened at PROTECT_ENTRY. */
  readonly popup: PopupPage;
  /** The popup again after the chart opened (Chromium's toolbar popup closes when a tab opens). */
  readonly popupAfterChart: () => Promise<PopupPage>;
}

/**
 * A trader sets a stop from the popup by keyboard and sees it on the row and on the exchange, moves it to
 * breakeven (one stop, moved), takes half off from the chart badge with a held press, and the rest is
 * closed by the stop when the mark falls through it: gone from the badge and the popup.
 */
export async function protectLongFromPopupAndChart(journey: ProtectJourney): Promise<void> {
  const { exchange, simulator, popup } = journey;
  const { symbol } = BTC_PERPETUAL[exchange];
  await popup.positions(1);
  await popup.protectionLine(exchange, symbol, /^Unprotected/);

  await popup.openProtect(exchange, symbol);
  expect(await popup.setStop(exchange, symbol, '58000')).toMatch(/58,000/);
  await popup.protectionLine(exchange, symbol, /^Stop 58,000/);
  expect(await simStopPrices(simulator, exchange)).toEqual([58_000]);

  await popup.pressBreakeven(exchange, symbol);
  const breakeven = await popup.protectionLine(exchange, symbol, /^Breakeven · Stop/);
  const [stop, ...others] = await simStopPrices(simulator, exchange);
  expect(others).toEqual([]);
  expect(stop).toBeGreaterThanOrEqual(PROTECT_ENTRY);
  expect(breakeven.replace(/,/g, '')).toContain(String(stop));

  const chart = await ChartPage.open(journey.browser, PROTECT_CHART[exchange].url, 'tradingview-chart.html');
  await chart.waitForBadge((badge) => /^Breakeven/.test(badge.lines[0]?.protections[0] ?? ''));
  expect(await chart.holdCloseHalf()).not.toBe('');
  await vi.waitFor(async () => {
    expect(await simPositions(simulator, exchange)).toMatchObject([{ size: PROTECT_CHART[exchange].half }]);
  }, WAIT);

  await simAdmin(simulator, 'price', { exchange, symbol, price: String(PROTECT_ENTRY - 1_000) });
  await vi.waitFor(async () => {
    expect(await simPositions(simulator, exchange)).toEqual([]);
  }, WAIT);
  await chart.waitForBadge((badge) => badge.lines[0]?.positions.length === 0);
  await (await journey.popupAfterChart()).positions(0);
}

/**
 * A 3 BTC long from 60,000 on the simulator's 100,000 USDT demo account: large enough for the exchange to
 * state a liquidation price (a small one on that account has none).
 */
export function openLiquidatableLong(simulator: Simulator, exchange: ExchangeName): Promise<unknown> {
  return setBtcPosition(simulator, exchange, {
    size: exchange === 'okx' ? 300 : 3,
    avgPx: 60_000,
    posSide: 'net',
  });
}

/** What the Account panel shows of an exchange's account: OKX's margin ratio, Bybit's maintenance-margin rate. */
const MARGIN_RISK_WORDS = { okx: /margin ratio [\d.]+ %/, bybit: /^MMR [\d.]+ %$/ } as const;
const MONEY = /^-?\d{1,3}(,\d{3})*\.\d{2}( [A-Z]+)?$/;

/**
 * A trader with a BTC long on each of `exchanges` opens the popup and sees, per exchange, the account's
 * equity, what is available and its margin risk in the exchange's own measure; and on each position how
 * far liquidation is and what the next funding costs or pays, and when.
 */
export async function accountAtAGlance(popup: PopupPage, exchanges: readonly ExchangeName[]): Promise<void> {
  for (const exchange of exchanges) {
    expect(await popup.accountFigure('Equity', exchange, MONEY)).toMatch(MONEY);
    expect(await popup.accountFigure('Available', exchange, MONEY)).toMatch(MONEY);
    expect(await popup.accountFigure('Margin risk', exchange, MARGIN_RISK_WORDS[exchange])).toMatch(
      MARGIN_RISK_WORDS[exchange],
    );
    const { symbol } = BTC_PERPETUAL[exchange];
    const risk = await popup.riskLine(
      exchange,
      symbol,
      /% to liquidation.*Funding .*next in .*(pays|receives)/,
    );
    expect(risk).toMatch(/\d+(\.\d+)? % to liquidation/);
    expect(risk).toMatch(
      /Funding [+-]?\d+\.\d{4} %, next in (\d+h \d{2}m|\d+m|\d+s), (pays|receives) [\d,.]+ USDT/,
    );
  }
}

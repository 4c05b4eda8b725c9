import type { PortfolioView } from '../../contracts/portfolio';
import type { WantedInstrument } from '../../contracts/ports';
import type { Clock, ExchangeId, Timers } from '../../exchanges';
import { browser } from '../../platform/browser';
import type { ExchangeRegistry, PortfolioWriter } from '../services';
import { createAlertBook } from './alert-book-store';
import { alertTimeOfDay } from './alert-words';
import { createAlertNotifier } from './alert-notifications';
import { playAlertSound } from './alert-sound';
import { alertHistoryItem, alertsItem, alertWatchItem } from './alert-store';
import { startAlertWorker, type AlertWorker } from './alert-worker';

/**
 * The portfolio writer the hub writes to, passing every push and REST quote on to the alerts as well
 * (the alerts start after the hub, which they ask for quotes).
 */
export function createAlertTap(portfolio: PortfolioWriter) {
  let worker: Pick<AlertWorker, 'onEvent' | 'onQuote'> | undefined;
  const writer: PortfolioWriter = {
    replaceAccount: (exchange, snapshot) => {
      portfolio.replaceAccount(exchange, snapshot);
    },
    replaceProtection: (exchange, listed) => {
      portfolio.replaceProtection(exchange, listed);
    },
    applyQuote: (quote) => {
      portfolio.applyQuote(quote);
      worker?.onQuote(quote);
    },
    applyEvent: (event) => {
      portfolio.applyEvent(event);
      worker?.onEvent(event);
    },
    markStale: (exchange, stale) => {
      portfolio.markStale(exchange, stale);
    },
  };
  return {
    writer,
    listen(next: Pick<AlertWorker, 'onEvent' | 'onQuote'>): void {
      worker = next;
    },
  };
}

export interface AlertsDeps {
  readonly registry: ExchangeRegistry;
  readonly hasCredentials: (exchange: ExchangeId) => Promise<boolean>;
  readonly portfolio: { snapshot(): PortfolioView; onChange(listener: () => void): unknown };
  readonly hub: { setBackgroundInstruments(instruments: readonly WantedInstrument[]): Promise<void> };
  readonly needAccount: (on: boolean) => void;
  readonly onKeysChange: (listener: () => void) => unknown;
  readonly clock: Clock;
  readonly timers: Timers;
}

/** The alert book the pages change, and the worker that fires alerts, on the browser's APIs. */
export function startAlerts(deps: AlertsDeps) {
  const items = { alerts: alertsItem, history: alertHistoryItem, watch: alertWatchItem };
  const book = createAlertBook({ items, clock: deps.clock, newId: () => crypto.randomUUID() });
  const notify = createAlertNotifier({
    notifications: browser.notifications,
    // Missing before Chrome 127 outside policy installs, and in older Firefox versions.
    openPopup: typeof browser.action.openPopup === 'function' ? () => browser.action.openPopup() : undefined,
    openPopupTab: async () => {
      await browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });
    },
    iconUrl: browser.runtime.getURL('/icon/128.png'),
  });
  const worker = startAlertWorker({
    items,
    book,
    registry: deps.registry,
    hasCredentials: deps.hasCredentials,
    portfolio: deps.portfolio,
    watchQuotes: (instruments) => void deps.hub.setBackgroundInstruments(instruments),
    needAccount: deps.needAccount,
    onKeysChange: deps.onKeysChange,
    notify,
    playSound: playAlertSound,
    clock: deps.clock,
    timers: deps.timers,
    formatTime: alertTimeOfDay,
    logger: console,
  });
  return { book, worker };
}

import type { KeptQuotes } from '../contracts/kept-quotes';
import { withHubQuotes, withKeptQuotes } from './quote-state';
import { createStore } from 'zustand/vanilla';
import type { MarketEndpoint } from '../contracts';
import { instrumentKey, positionKey, type InstrumentKey } from '../contracts/instrument-key';
import type { PositionView, WatchlistEntry } from '../contracts/portfolio';
import type { ConnectionStatus, HubPortMessage, PortAccount, PortQuote } from '../contracts/ports';
import type { RiskSettings, UiSettings } from '../contracts/settings';
import { DEFAULT_RISK_SETTINGS } from '../contracts/settings-defaults';
import type { DeadManSwitchView } from '../contracts/dead-man-switch';
import type { PopupIntent } from '../contracts/popup-intent';
import type { ExchangeId } from '../contracts/vocabulary';
import type { MessageClient } from '../platform/message-client';
import { tickDirection, type TickDirection } from './tick-direction';
import { createOrderCancels, type OrderCancels } from './order-cancels';
import { createAlertsStore, type AlertsStore } from '../ui/alerts-store';
import { stablePositionOrder } from './position-order';
import { errorMessage } from '../contracts/perch-error';
import { settleByStream, sentWords, type ProtectionPending } from './protection-pending';
import {
  kindOf,
  pendingKey,
  pendingWords,
  protectionFingerprint,
  sendProtection,
  type ProtectionAction,
} from './protection-requests';

/** What the popup knows of the vault: whether it can show positions at all. */
export type VaultView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'unreachable'; readonly reason: string }
  /** Not set up, or set up with no exchange's keys: nothing to show until the trader adds keys. */
  | { readonly kind: 'empty' }
  | { readonly kind: 'locked' }
  | { readonly kind: 'unlocked' };

export type WatchlistView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly instruments: readonly WatchlistEntry[] }
  | { readonly kind: 'unreachable'; readonly reason: string };

/** The answer to what the trader last asked (a close, a lock), in words. */
export interface Notice {
  readonly tone: 'ok' | 'problem';
  readonly text: string;
  /** The position (`positionKey`) a close's answer is about: shown on its row while the popup lists it. */
  readonly about?: string;
}

export interface UnlockView {
  readonly pending: boolean;
  readonly error?: string;
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How long a position the trader closed stays listed as closed once the stream confirms it. */
export const CLOSED_KEEP_MS = 10_000;

/** A position the trader closed from the popup and the stream has since dropped: shown briefly as closed. */
export interface ClosedView {
  readonly position: PositionView;
  /** When the stream confirmed it (ms since epoch). */
  readonly at: number;
}

/** How long a price that moved stays highlighted. */
export const TICK_FLASH_MS = 600;

export interface PopupState {
  readonly vault: VaultView;
  /** The exchanges with saved keys: those whose positions the popup waits for before saying there are none. */
  readonly keyedExchanges: readonly ExchangeId[];
  readonly watchlist: WatchlistView;
  /** Where the market data comes from; undefined until the background said. */
  readonly endpoint?: MarketEndpoint;
  /** What the background said is wrong with each exchange it could not get a price from, at load. */
  readonly problems: Readonly<Partial<Record<ExchangeId, string>>>;
  readonly closeConfirm: UiSettings['closeConfirm'];
  /** The trader's liquidation-distance thresholds: the position rows' warning and danger. */
  readonly risk: RiskSettings;
  /** The latest quote of each instrument, by `instrumentKey`. */
  readonly quotes: Readonly<Partial<Record<InstrumentKey, PortQuote>>>;
  /** The quotes shown from what the worker kept for the next page, until the stream brings each again. */
  readonly keptOnly: Readonly<Partial<Record<InstrumentKey, true>>>;
  /** The instruments whose last price just moved, and which way; cleared after TICK_FLASH_MS. */
  readonly flashes: Readonly<Record<string, TickDirection>>;
  readonly connections: Readonly<Partial<Record<ExchangeId, ConnectionStatus>>>;
  /** The account as the hub port last described it; empty until its first snapshot. */
  readonly account: PortAccount;
  /** The positions (by `positionKey`) whose close is on its way. */
  readonly closing: Readonly<Record<string, true>>;
  /** The positions closed from the popup that the stream confirmed, for CLOSED_KEEP_MS, by `positionKey`. */
  readonly closed: Readonly<Record<string, ClosedView>>;
  /** The protection actions on their way, by `pendingKey`: one per position and kind. */
  readonly protecting: Readonly<Record<string, ProtectionPending>>;
  readonly notice: Notice | undefined;
  /** The open orders' cancels and their answers (order-cancels.ts). */
  readonly orderCancels: OrderCancels;
  /** The alerts and what fired, read on load and after each change. */
  readonly alerts: AlertsStore;
  /**
   * What a keyboard shortcut opened the popup for, taken once on load: 'close-everything' opens with that
   * confirmation asking (the CloseEverything component's `askNow`). `dropIntent` once it has been shown.
   */
  readonly intent: PopupIntent | undefined;
  readonly dropIntent: () => void;
  /** The dead-man switch as the worker runs it, read on load; undefined when it could not be read. */
  readonly deadManSwitch: DeadManSwitchView | undefined;
  readonly unlock: UnlockView;
  readonly load: () => Promise<void>;
  readonly unlockVault: (passphrase: string) => Promise<void>;
  readonly lockVault: () => Promise<void>;
  readonly closePosition: (position: PositionView) => Promise<void>;
  /** Sets, moves or cancels a stop or target, trails, or closes part, of the position as the row shows it. */
  readonly protect: (position: PositionView, action: ProtectionAction) => Promise<void>;
  /** A snapshot or changes from the hub port: each part replaces what was held of it. */
  readonly applyHub: (message: Exclude<HubPortMessage, { type: 'error' }>) => void;
  /** The quotes the worker kept from the last page, shown stale until the port's first message. */
  readonly applyKept: (kept: KeptQuotes) => void;
}

/**
 * The row (`positionKey`) the notice shows on: the position a close's answer is about, while the popup
 * lists it. Undefined means under the list: a lock's answer, or a close's once its row has gone.
 */
export function noticeRow(state: Pick<PopupState, 'notice' | 'account' | 'vault'>): string | undefined {
  const about = state.notice?.about;
  if (about === undefined || state.vault.kind !== 'unlocked') return undefined;
  const listed = state.account.positions?.some((position) => positionKey(position) === about) === true;
  return listed ? about : undefined;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const rest = { ...record };
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a copy keyed by instrument, made to drop one
  delete rest[key];
  return rest;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/** The popup's state, fed only by answers from the background and its hub port. */
export function createPopupStore(
  client: MessageClient,
  timers: Timers = browserTimers,
  now: () => number = Date.now,
) {
  const flashTimers = new Map<string, unknown>();
  /** Positions whose close an exchange accepted: their leaving the stream is the confirmation. */
  const closesSent = new Set<string>();

  return createStore<PopupState>()((set, get) => {
    function flash(key: string, direction: TickDirection): void {
      const running = flashTimers.get(key);
      if (running !== undefined) timers.clearTimeout(running);
      set({ flashes: { ...get().flashes, [key]: direction } });
      flashTimers.set(
        key,
        timers.setTimeout(() => {
          flashTimers.delete(key);
          set({ flashes: without(get().flashes, key) });
        }, TICK_FLASH_MS),
      );
    }

    function keepAsClosed(position: PositionView): void {
      const key = positionKey(position);
      closesSent.delete(key);
      set({ closed: { ...get().closed, [key]: { position, at: now() } } });
      timers.setTimeout(() => {
        set({ closed: without(get().closed, key) });
      }, CLOSED_KEEP_MS);
    }

    /** The closes the stream just confirmed (sent positions it no longer lists) stay listed a while, as closed. */
    function keepClosed(shown: readonly PositionView[], listed: readonly PositionView[]): void {
      const still = new Set(listed.map(positionKey));
      for (const position of shown)
        if (closesSent.has(positionKey(position)) && !still.has(positionKey(position)))
          keepAsClosed(position);
    }

    /** Protection actions the stream now shows are confirmed on their row, in words. */
    function confirmFromStream(
      pending: Readonly<Record<string, ProtectionPending>>,
      positions: readonly PositionView[],
    ): void {
      const settled = settleByStream(pending, positions);
      const last = settled.confirmed.at(-1);
      set({
        protecting: settled.pending,
        ...(last === undefined ? {} : { notice: { tone: 'ok', text: last.text, about: last.about } }),
      });
    }

    async function loadVault(): Promise<void> {
      try {
        const { state, credentials } = await client.send('vaultStatus', {});
        set({ keyedExchanges: credentials.map(({ exchange }) => exchange) });
        if (state === 'not-set-up' || credentials.length === 0) set({ vault: { kind: 'empty' } });
        else set({ vault: { kind: state } });
      } catch (error) {
        set({ vault: { kind: 'unreachable', reason: errorMessage(error) } });
      }
    }

    async function loadWatchlist(): Promise<void> {
      try {
        const { instruments } = await client.send('getWatchlist', {});
        set({ watchlist: { kind: 'ready', instruments } });
      } catch (error) {
        set({ watchlist: { kind: 'unreachable', reason: errorMessage(error) } });
      }
    }

    async function loadSettings(): Promise<void> {
      try {
        const { closeConfirm, risk } = await client.send('readSettings', {});
        set({ closeConfirm, risk });
      } catch {
        // Without the trader's settings, keep the defaults: the close button works by one click.
      }
    }

    async function loadEndpoint(): Promise<void> {
      try {
        const { endpoint, exchanges } = await client.send('marketStatus', {});
        const problems: Partial<Record<ExchangeId, string>> = {};
        for (const { exchange, problem } of exchanges)
          if (problem !== undefined) problems[exchange] = problem;
        set({ endpoint, problems });
      } catch {
        // Only the market line, its problems and the development links need it; the rest works without.
      }
    }

    async function loadIntent(): Promise<void> {
      try {
        const { intent } = await client.send('takePopupIntent', {});
        if (intent !== undefined) set({ intent });
      } catch {
        // Without it the popup opens as a click opens it: nothing is asked that the trader did not ask for.
      }
    }

    async function loadDeadManSwitch(): Promise<void> {
      try {
        set({ deadManSwitch: await client.send('deadManSwitchStatus', {}) });
      } catch {
        // Only the line saying the switch is armed needs it.
      }
    }

    return {
      vault: { kind: 'loading' },
      keyedExchanges: [],
      watchlist: { kind: 'loading' },
      closeConfirm: 'click',
      risk: DEFAULT_RISK_SETTINGS,
      problems: {},
      quotes: {},
      keptOnly: {},
      flashes: {},
      connections: {},
      account: {},
      closing: {},
      closed: {},
      protecting: {},
      notice: undefined,
      orderCancels: createOrderCancels(client),
      alerts: createAlertsStore(client),
      intent: undefined,
      dropIntent: () => {
        set({ intent: undefined });
      },
      deadManSwitch: undefined,
      unlock: { pending: false },
      async load() {
        // The hub's snapshot may have brought the watchlist already: it stays while the list is asked for.
        const { watchlist } = get();
        set({
          vault: { kind: 'loading' },
          watchlist: watchlist.kind === 'ready' ? watchlist : { kind: 'loading' },
        });
        await Promise.all([
          loadVault(),
          loadWatchlist(),
          loadSettings(),
          loadEndpoint(),
          loadIntent(),
          loadDeadManSwitch(),
          get().alerts.getState().load(),
        ]);
      },
      async unlockVault(passphrase) {
        set({ unlock: { pending: true } });
        try {
          await client.send('vaultUnlock', { passphrase });
          set({ unlock: { pending: false } });
          await loadVault();
        } catch (error) {
          // The answer may be lost while the unlock went through (the worker stopped right after it):
          // show the vault as the background has it, not as the lost answer suggests.
          await loadVault();
          set({ unlock: { pending: false, error: errorMessage(error) } });
        }
      },
      async lockVault() {
        try {
          await client.send('vaultLock', {});
          await loadVault();
        } catch (error) {
          set({ notice: { tone: 'problem', text: errorMessage(error) } });
        }
      },
      async closePosition(position) {
        const key = positionKey(position);
        if (get().closing[key] === true) return;
        set({ closing: { ...get().closing, [key]: true }, notice: undefined });
        try {
          const result = await client.send('closePosition', {
            exchange: position.exchange,
            instrument: { kind: position.kind, symbol: position.symbol },
            slot: position.slot,
            // The row as the trader saw it: the background closes nothing that flipped or grew since.
            seen: { side: position.side, sizeContracts: position.sizeContracts },
          });
          set({ notice: { tone: 'ok', text: result.message, about: key } });
          // The stream may have dropped it before the answer came.
          const listed = get().account.positions?.some((shown) => positionKey(shown) === key) === true;
          if (listed) closesSent.add(key);
          else keepAsClosed(position);
        } catch (error) {
          // A refusal (the position changed since the trader saw it, say) stays on the row, which the hub
          // port meanwhile repaints with the position as it now is.
          set({ notice: { tone: 'problem', text: errorMessage(error), about: key } });
        } finally {
          set({ closing: without(get().closing, key) });
        }
      },
      async protect(position, action) {
        const kind = kindOf(action);
        const name = pendingKey(position, kind);
        if (get().protecting[name] !== undefined) return;
        const about = positionKey(position);
        const pending: ProtectionPending = {
          kind,
          exchange: position.exchange,
          about,
          phase: 'sending',
          words: pendingWords(action),
          before: protectionFingerprint(position, kind),
        };
        set({ protecting: { ...get().protecting, [name]: pending }, notice: undefined });
        let sent = false;
        try {
          const result = await sendProtection(client, position, action);
          sent = result.status !== 'refused';
          set({ notice: { tone: sent ? 'ok' : 'problem', text: result.message, about } });
        } catch (error) {
          set({ notice: { tone: 'problem', text: errorMessage(error), about } });
        }
        const rest = without(get().protecting, name);
        if (!sent) {
          set({ protecting: rest });
          return;
        }
        // The stream may have shown it before the answer came: check the positions held now.
        const waiting = { ...pending, phase: 'sent' as const, words: sentWords(kind, position.exchange) };
        confirmFromStream({ ...rest, [name]: waiting }, get().account.positions ?? []);
      },
      applyHub(message) {
        const { account } = message;
        const held = get().quotes;
        for (const quote of message.quotes) {
          const direction = tickDirection(held[instrumentKey(quote)]?.last, quote.last);
          if (direction !== undefined) flash(instrumentKey(quote), direction);
        }
        const quoteState = withHubQuotes(get(), message);
        const shown = get().account.positions ?? [];
        const positions =
          account?.positions === undefined
            ? {}
            : { positions: stablePositionOrder(shown.map(positionKey), account.positions, positionKey) };
        if (account?.positions !== undefined) keepClosed(shown, account.positions);
        set({
          ...quoteState,
          ...(account === undefined ? {} : { account: { ...get().account, ...account, ...positions } }),
        });
        if (account?.positions !== undefined) confirmFromStream(get().protecting, account.positions);
      },
      applyKept(kept) {
        set(withKeptQuotes(get(), kept));
      },
    };
  });
}

export type PopupStore = ReturnType<typeof createPopupStore>;

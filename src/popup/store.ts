import { createStore } from 'zustand/vanilla';
import type { ExchangeStatus, MarketEndpoint } from '../contracts';
import type { PortAccount, PortQuote } from '../contracts/ports';
import type { MessageClient } from '../platform/message-client';

export type BackgroundStatus =
  | { readonly kind: 'checking' }
  | { readonly kind: 'ready'; readonly version: string; readonly workerStartedAt: number }
  | { readonly kind: 'unreachable'; readonly reason: string };

export type MarketView =
  | { readonly kind: 'checking' }
  | {
      readonly kind: 'ready';
      readonly endpoint: MarketEndpoint;
      readonly exchanges: readonly ExchangeStatus[];
    }
  | { readonly kind: 'unreachable'; readonly reason: string };

export interface PopupState {
  readonly background: BackgroundStatus;
  readonly market: MarketView;
  readonly checkBackground: () => Promise<void>;
  readonly checkMarket: () => Promise<void>;
  /** The account as the hub port last described it; empty until its first snapshot. */
  readonly account: PortAccount;
  /** Live prices from the hub port replace what the last check said. */
  readonly applyQuotes: (quotes: readonly PortQuote[]) => void;
  /** Each section the hub sent replaces the one held; the others stay as they were. */
  readonly applyAccount: (sections: PortAccount) => void;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The popup's state, fed only by answers from the background. */
export function createPopupStore(client: MessageClient) {
  return createStore<PopupState>()((set, get) => ({
    background: { kind: 'checking' },
    market: { kind: 'checking' },
    account: {},
    async checkBackground() {
      set({ background: { kind: 'checking' } });
      try {
        const { version, workerStartedAt } = await client.send('ping', {});
        set({ background: { kind: 'ready', version, workerStartedAt } });
      } catch (error) {
        set({ background: { kind: 'unreachable', reason: reasonOf(error) } });
      }
    },
    async checkMarket() {
      set({ market: { kind: 'checking' } });
      try {
        const { endpoint, exchanges } = await client.send('marketStatus', {});
        set({ market: { kind: 'ready', endpoint, exchanges } });
      } catch (error) {
        set({ market: { kind: 'unreachable', reason: reasonOf(error) } });
      }
    },
    applyQuotes(quotes) {
      const { market } = get();
      if (market.kind !== 'ready') return;
      const exchanges = market.exchanges.map((status) => {
        const quote = quotes.find((q) => q.exchange === status.exchange && q.symbol === status.symbol);
        return quote?.last === undefined
          ? status
          : { exchange: status.exchange, symbol: status.symbol, lastPrice: quote.last };
      });
      set({ market: { ...market, exchanges } });
    },
    applyAccount(sections) {
      set({ account: { ...get().account, ...sections } });
    },
  }));
}

export type PopupStore = ReturnType<typeof createPopupStore>;

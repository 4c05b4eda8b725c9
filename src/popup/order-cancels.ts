import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OrderView } from '../contracts/orders';
import { errorMessage } from '../contracts/perch-error';
import type { ExchangeId } from '../contracts/vocabulary';
import type { MessageClient } from '../platform/message-client';

/**
 * The open orders' cancels as the popup follows them. A cancel's answer comes once the exchange's private
 * stream showed how it ended, so "cancelling…" stays on the row (or the group) until then.
 */

/** One order: its exchange and id (an OKX algo order's two legs share an id: the role tells them apart). */
export const orderRowKey = (order: Pick<OrderView, 'exchange' | 'id' | 'role'>) =>
  `${order.exchange}|${order.id}|${order.role ?? ''}`;

/** A cancel-all's reach: an exchange, or one of its instruments. */
export const scopeKey = (exchange: ExchangeId, symbol?: string) => `${exchange}|${symbol ?? '*'}`;

export interface CancelNotice {
  readonly tone: 'ok' | 'problem';
  readonly text: string;
}

export interface OrderCancelsState {
  /** Rows (`orderRowKey`) and scopes (`scopeKey`) whose cancel is on its way. */
  readonly cancelling: Readonly<Record<string, true>>;
  /** The last answer of each scope (`scopeKey`: a one-order cancel tells its instrument's). */
  readonly notices: Readonly<Record<string, CancelNotice>>;
  readonly cancelOne: (order: OrderView) => Promise<void>;
  /** `symbol` absent: every order on the exchange. `kind`: the instrument's, when the list knows it. */
  readonly cancelAll: (exchange: ExchangeId, symbol?: string, kind?: OrderView['kind']) => Promise<void>;
}

export type OrderCancels = StoreApi<OrderCancelsState>;

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

export function createOrderCancels(client: MessageClient): OrderCancels {
  return createStore<OrderCancelsState>()((set, get) => {
    /** Marks `key` cancelling while `send` runs; its answer (or refusal) becomes the scope's notice. */
    async function run(key: string, scope: string, send: () => Promise<CancelNotice>): Promise<void> {
      if (get().cancelling[key] === true) return;
      set({ cancelling: { ...get().cancelling, [key]: true }, notices: without(get().notices, scope) });
      let notice: CancelNotice;
      try {
        notice = await send();
      } catch (error) {
        notice = { tone: 'problem', text: errorMessage(error) };
      }
      set({ cancelling: without(get().cancelling, key), notices: { ...get().notices, [scope]: notice } });
    }

    return {
      cancelling: {},
      notices: {},
      cancelOne: (order) =>
        run(orderRowKey(order), scopeKey(order.exchange, order.symbol), async () => {
          const result = await client.send('cancelOrder', {
            exchange: order.exchange,
            instrument: { symbol: order.symbol, ...(order.kind === undefined ? {} : { kind: order.kind }) },
            source: order.source,
            id: order.id,
            ...(order.role === undefined ? {} : { role: order.role }),
            ...(order.slot === undefined ? {} : { slot: order.slot }),
          });
          const tone = result.status === 'cancelled' ? 'ok' : 'problem';
          return { tone, text: result.message };
        }),
      cancelAll: (exchange, symbol, kind) =>
        run(scopeKey(exchange, symbol), scopeKey(exchange, symbol), async () => {
          const result = await client.send('cancelAllOrders', {
            exchange,
            ...(symbol === undefined
              ? {}
              : { instrument: { symbol, ...(kind === undefined ? {} : { kind }) } }),
          });
          const clean = result.refused === 0 && result.unconfirmed === 0;
          return { tone: clean ? 'ok' : 'problem', text: result.message };
        }),
    };
  });
}

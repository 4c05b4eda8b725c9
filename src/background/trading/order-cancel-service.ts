import type { CancelAllResult, CancelOrderRequest, CancelResult } from '../../contracts/orders';
import { EXCHANGE_NAMES, type ExchangeId } from '../../contracts/vocabulary';
import { PerchError } from '../../contracts';
import type { AccountFilter, Exchange, InstrumentKind, InstrumentRef, Timers } from '../../exchanges';
import type { ExchangeRegistry } from '../services';
import { CONFIRM_TIMEOUT_MS } from './account-watch';
import { isIndefinite } from './close-words';
import { cancelAllWords, tallyCancelAll } from './order-cancel-all';
import { endedWords, failedWords, orderName, refusedWords, unconfirmedWords } from './order-cancel-words';
import { watchOrderEnds, type OrderEndWatch } from './order-end-watch';
import { orderInstrument } from './order-instrument';

export interface OrderCancelDeps {
  readonly registry: ExchangeRegistry;
  readonly timers: Timers;
  /** How long the private stream gets to show a cancel the exchange took. */
  readonly confirmTimeoutMs?: number;
}

export interface OrderCancelService {
  /** Cancels one order or leg; answers once the private stream showed how it ended, or its wait ran out. */
  cancelOne(request: CancelOrderRequest): Promise<CancelResult>;
  /** Cancels every resting order on the exchange, or on one instrument, and tells how each ended. */
  cancelAll(
    exchange: ExchangeId,
    instrument?: { readonly symbol: string; readonly kind?: InstrumentKind | undefined },
  ): Promise<CancelAllResult>;
}

/** After a "no", how long the stream gets to say the order filled meanwhile (its push may trail the answer). */
export const REFUSAL_GRACE_MS = 2_000;

/** What the exchange answered to one cancel: OrderAck and ProtectionAck alike. */
interface Answer {
  readonly code: string;
  readonly message: string;
}

/**
 * Cancels open orders and legs (docs/architecture.md "Open orders"). A cancel counts as done only when the
 * private stream shows the order leave the open orders; the exchange's answer alone only says it took it.
 */
export function createOrderCancelService(deps: OrderCancelDeps): OrderCancelService {
  const { registry, timers } = deps;
  const confirmMs = deps.confirmTimeoutMs ?? CONFIRM_TIMEOUT_MS;

  const connected = async (id: ExchangeId): Promise<Exchange> => {
    const exchange = await registry.exchange(id);
    if (exchange !== undefined) return exchange;
    throw new PerchError(
      'ExchangeNotConnectedError',
      `${EXCHANGE_NAMES[id]} is turned off, so Perch cannot cancel orders there. Turn it on in Options.`,
    );
  };

  /** The ids among `ids` the exchange still lists as open orders or legs. */
  const stillOpen = (exchange: Exchange, filter: AccountFilter) => async (ids: readonly string[]) => {
    const [orders, legs] = await Promise.all([
      exchange.rest.getOpenOrders(filter),
      exchange.protection.list(filter),
    ]);
    const open = new Set([
      ...orders.map((order) => order.orderId),
      ...legs.flatMap((entry) => entry.legs.map((leg) => leg.id)),
    ]);
    return new Set(ids.filter((id) => open.has(id)));
  };

  /** Sends one cancel and waits for the stream; a "no" gets a short grace in case the order just filled. */
  async function settle(
    request: CancelOrderRequest,
    watch: OrderEndWatch,
    send: () => Promise<Answer>,
  ): Promise<CancelResult> {
    const name = orderName(request);
    const ended = async (waitMs: number, otherwise: CancelResult) => {
      const end = (await watch.waitFor([request.id], waitMs)).get(request.id);
      return end === undefined ? otherwise : endedWords(name, end, request.source);
    };
    let answer: Answer;
    try {
      answer = await send();
    } catch (error) {
      const words = failedWords(name, request.exchange, error);
      return ended(isIndefinite(error) ? confirmMs : REFUSAL_GRACE_MS, words);
    }
    if (answer.code !== '0') {
      return ended(REFUSAL_GRACE_MS, refusedWords(name, request.exchange, answer.code, answer.message));
    }
    return ended(confirmMs, unconfirmedWords(name, request.exchange));
  }

  async function cancelLeg(exchange: Exchange, request: CancelOrderRequest, watch: OrderEndWatch) {
    const name = orderName(request);
    const kind = request.instrument.kind;
    if (kind === undefined)
      return {
        status: 'refused' as const,
        message: `Perch does not know which instrument ${name} is on; nothing was sent.`,
      };
    const instrument: InstrumentRef = { kind, symbol: request.instrument.symbol };
    const slot = request.slot ?? 'one-way';
    const [positions, listed] = await Promise.all([
      exchange.rest.getPositions({ instrument }),
      exchange.protection.list({ instrument }),
    ]);
    const position = positions.find((held) => held.positionSlot === slot);
    const leg = listed
      .filter((entry) => entry.positionSlot === slot)
      .flatMap((entry) => entry.legs)
      .find(
        (found) => found.id === request.id && (request.role === undefined || found.role === request.role),
      );
    if (leg === undefined || position === undefined) {
      const end = watch.ends.get(request.id);
      if (end !== undefined) return endedWords(name, end, 'leg');
      return {
        status: 'refused' as const,
        message: `${name.charAt(0).toUpperCase()}${name.slice(1)} is no longer waiting: it may have fired, or its position closed. Nothing was sent.`,
      };
    }
    return settle(request, watch, () => exchange.protection.cancel(position, leg));
  }

  async function cancelOrder(exchange: Exchange, request: CancelOrderRequest, watch: OrderEndWatch) {
    const instrument = await orderInstrument(exchange, request.instrument, request.id);
    if (instrument === undefined) {
      const end = watch.ends.get(request.id);
      return end === undefined
        ? {
            status: 'refused' as const,
            message: `${orderName(request)} is no longer among ${EXCHANGE_NAMES[request.exchange]}'s open orders; nothing was sent.`,
          }
        : endedWords(orderName(request), end, 'order');
    }
    return settle(request, watch, () => exchange.trade.cancel({ instrument, orderId: request.id }));
  }

  return {
    async cancelOne(request) {
      const exchange = await connected(request.exchange);
      const filter =
        request.instrument.kind === undefined
          ? {}
          : { instrument: { kind: request.instrument.kind, symbol: request.instrument.symbol } };
      const watch = watchOrderEnds({ exchange, timers, stillOpen: stillOpen(exchange, filter) });
      try {
        return request.source === 'leg'
          ? await cancelLeg(exchange, request, watch)
          : await cancelOrder(exchange, request, watch);
      } catch (error) {
        // A look-up before the cancel failed: nothing was sent.
        return failedWords(orderName(request), request.exchange, error);
      } finally {
        watch.stop();
      }
    },

    async cancelAll(id, wanted) {
      const exchange = await connected(id);
      const instrument = wanted === undefined ? undefined : await orderInstrument(exchange, wanted);
      const where = `${EXCHANGE_NAMES[id]}${wanted === undefined ? '' : ` ${wanted.symbol}`}`;
      if (wanted !== undefined && instrument === undefined) {
        return tallyCancelAll(where, [], new Map());
      }
      const scope = instrument === undefined ? {} : { instrument };
      const watch = watchOrderEnds({ exchange, timers, stillOpen: stillOpen(exchange, scope) });
      try {
        const report = await exchange.trade.cancelAll(scope);
        const taken = report.acks.filter((ack) => ack.code === '0').map((ack) => ack.orderId);
        const refusedIds = report.acks.filter((ack) => ack.code !== '0').map((ack) => ack.orderId);
        await watch.waitFor(taken, confirmMs);
        if (refusedIds.length > 0) await watch.waitFor(refusedIds, REFUSAL_GRACE_MS);
        return tallyCancelAll(where, report.acks, watch.ends);
      } catch (error) {
        return cancelAllWords(id, where, error);
      } finally {
        watch.stop();
      }
    },
  };
}

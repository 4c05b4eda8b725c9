import { UnsupportedError } from '../errors';
import type { ExchangeRest, ExchangeTrade, OrderTarget } from '../exchange-types';
import type { OrderAck, Position } from '../model';
import { parseResultData } from '../transport/http-schema';
import type { RestResult } from '../transport/http-types';
import { bybitCancelAll } from './cancel-all';
import type { BybitInstruments } from './instruments';
import { mapBybitOrderAck } from './map';
import type { BybitApi, BybitCategory, BybitPositionIdx } from './rest-api';
import { BybitOrderAck } from './schemas';
import { bybitCategory, bybitPositionIdx } from './vocabulary';
import type { BybitWsTrade } from './ws-trade';

export interface BybitTradeParts {
  readonly api: BybitApi;
  readonly rest: ExchangeRest;
  readonly instruments: BybitInstruments;
  /** Undefined without credentials: then every request goes over REST. */
  readonly ws: BybitWsTrade | undefined;
  readonly newClientOrderId: () => string;
}

/**
 * Bybit's only dead-man switch, disconnect-cancel-all (DCP), is switched on by a client manager for
 * institutional clients (docs/protocol.md "Cancel all after"): Perch says so rather than pretend.
 */
const BYBIT_NO_CANCEL_ALL_AFTER =
  'Bybit offers ordinary accounts no cancel-all-after timer: its disconnect-cancel-all (DCP) is switched on only through a Bybit client manager, for institutional clients, so Perch cannot have Bybit cancel your orders if the browser stops.';

function orderId(target: OrderTarget): { orderId: string } | { orderLinkId: string } {
  return 'orderId' in target ? { orderId: target.orderId } : { orderLinkId: target.clientOrderId };
}

/**
 * Bybit orders over the `/v5/trade` stream when it is authenticated, else REST (docs/protocol.md "Bybit trade socket").
 * The stream takes the REST bodies unchanged and its replies are read by the REST envelope rules, so
 * the caller sees one OrderAck either way.
 */
export function createBybitTrade({
  api,
  rest,
  instruments,
  ws,
  newClientOrderId,
}: BybitTradeParts): ExchangeTrade {
  const socket = (): BybitWsTrade | undefined => (ws?.ready === true ? ws : undefined);
  const wsAck = async (result: Promise<RestResult<unknown>>): Promise<OrderAck> =>
    mapBybitOrderAck(parseResultData(BybitOrderAck, await result).data);
  const restAck = async (result: Promise<RestResult<BybitOrderAck>>): Promise<OrderAck> =>
    mapBybitOrderAck((await result).data);

  async function target(
    request: OrderTarget,
  ): Promise<{ category: BybitCategory; symbol: string } & ReturnType<typeof orderId>> {
    const category = await instruments.categoryOf(request.instrument);
    return { category, symbol: request.instrument.symbol, ...orderId(request) };
  }

  /** `ws` is chosen when the caller asks (what overSocket said then), not after a lookup. */
  async function send(
    ws: BybitWsTrade | undefined,
    args: {
      readonly category: BybitCategory;
      readonly symbol: string;
      readonly side: 'Buy' | 'Sell';
      readonly orderType: 'Market' | 'Limit';
      readonly qty: string;
      readonly orderLinkId: string;
      readonly positionIdx: BybitPositionIdx;
      readonly price?: string;
      readonly reduceOnly?: boolean;
    },
  ): Promise<OrderAck> {
    return ws === undefined ? restAck(api.placeOrder(args)) : wsAck(ws.createOrder(args));
  }

  return {
    get overSocket() {
      return socket() !== undefined;
    },
    place: async (order) => {
      const ws = socket();
      return send(ws, {
        category: await instruments.categoryOf(order.instrument),
        symbol: order.instrument.symbol,
        side: order.side === 'buy' ? 'Buy' : 'Sell',
        orderType: order.type === 'market' ? 'Market' : 'Limit',
        qty: order.size,
        orderLinkId: order.clientOrderId ?? newClientOrderId(),
        positionIdx: bybitPositionIdx(order.slot ?? 'one-way'),
        ...(order.price === undefined ? {} : { price: order.price }),
        ...(order.reduceOnly === undefined ? {} : { reduceOnly: order.reduceOnly }),
      });
    },
    amend: async (amend) => {
      const ws = socket();
      const args = {
        ...(await target(amend)),
        ...(amend.size === undefined ? {} : { qty: amend.size }),
        ...(amend.price === undefined ? {} : { price: amend.price }),
      };
      return ws === undefined ? restAck(api.amendOrder(args)) : wsAck(ws.amendOrder(args));
    },
    cancel: async (request) => {
      const ws = socket();
      const args = await target(request);
      return ws === undefined ? restAck(api.cancelOrder(args)) : wsAck(ws.cancelOrder(args));
    },
    close: (position, clientOrderId) => {
      const ws = socket();
      if (ws === undefined) return rest.closePosition(position, clientOrderId ?? newClientOrderId());
      return reduce(ws, position, position.sizeContracts, clientOrderId);
    },
    closePart: (position, size, clientOrderId) => reduce(socket(), position, size, clientOrderId),
    cancelAllAfter: () => Promise.reject(new UnsupportedError(BYBIT_NO_CANCEL_ALL_AFTER)),
    cancelAll: (scope) => bybitCancelAll(api, instruments, scope),
  };

  /** The same reduce-only market order the REST close sends, in the position's own slot (docs/protocol.md "Bybit positions"). */
  function reduce(
    ws: BybitWsTrade | undefined,
    position: Position,
    size: string,
    clientOrderId: string | undefined,
  ): Promise<OrderAck> {
    return send(ws, {
      category: bybitCategory(position.category),
      symbol: position.symbol,
      side: position.side === 'short' ? 'Buy' : 'Sell',
      orderType: 'Market',
      qty: size,
      orderLinkId: clientOrderId ?? newClientOrderId(),
      positionIdx: bybitPositionIdx(position.positionSlot),
      reduceOnly: true,
    });
  }
}

import type { AmendRequest, ExchangeRest, ExchangeTrade, OrderTarget } from '../exchange-types';
import type { OrderAck, Position } from '../model';
import type { RestResult } from '../transport/http-types';
import { okxCancelAll } from './cancel-all';
import { okxCancelAllAfter } from './cancel-all-after';
import { mapOkxOrderAck } from './map';
import type { OkxApi } from './rest-api';
import { firstItem } from './rest-exchange';
import type { OkxOrderAck } from './schemas';
import { OKX_KINDS, OKX_SLOTS } from './vocabulary';
import type { OkxWsTrade } from './ws-trade';

export interface OkxTradeParts {
  readonly api: OkxApi;
  readonly rest: ExchangeRest;
  /** Undefined without credentials: then every request goes over REST. */
  readonly ws: OkxWsTrade | undefined;
  readonly newClientOrderId: () => string;
}

/**
 * Contracts close with an order (over the socket or REST); spot margin with close-position, over REST only.
 * close-position names no side or size in net mode (docs/protocol.md "OKX positions"): it would close whatever the
 * slot holds when it lands, even a position that flipped after the caller looked. An order the other way
 * of the looked-up size can only reduce that side, by that much.
 */
const ORDER_CLOSABLE = new Set<Position['instrumentKind']>(['perpetual', 'future', 'option']);

function orderId(target: OrderTarget): { ordId: string } | { clOrdId: string } {
  return 'orderId' in target ? { ordId: target.orderId } : { clOrdId: target.clientOrderId };
}

/**
 * OKX orders over the private socket when it is logged in, else REST (docs/protocol.md "OKX orders on the private socket"). Both
 * answer with the same per-item acks, read by the same envelope rules, so the caller sees one OrderAck.
 */
export function createOkxTrade({ api, rest, ws, newClientOrderId }: OkxTradeParts): ExchangeTrade {
  const socket = (): OkxWsTrade | undefined => (ws?.ready === true ? ws : undefined);
  const ack = async (result: Promise<RestResult<OkxOrderAck[]>>): Promise<OrderAck> =>
    mapOkxOrderAck(firstItem(await result));

  const trade: ExchangeTrade = {
    get overSocket() {
      return socket() !== undefined;
    },
    place: (order) => {
      const kind = order.instrument.kind;
      OKX_KINDS.theirs(kind);
      const slot = order.slot ?? 'one-way';
      const args = {
        instId: order.instrument.symbol,
        // Spot without margin trades cash; everything else defaults to cross margin.
        tdMode: order.marginMode ?? (kind === 'spot' ? 'cash' : 'cross'),
        side: order.side,
        ordType: order.type,
        sz: order.size,
        clOrdId: order.clientOrderId ?? newClientOrderId(),
        ...(order.price === undefined ? {} : { px: order.price }),
        ...(order.reduceOnly === undefined ? {} : { reduceOnly: order.reduceOnly }),
        ...(slot === 'one-way' ? {} : { posSide: OKX_SLOTS.theirs(slot) }),
      } as const;
      const ws = socket();
      return ack(ws === undefined ? api.placeOrder(args) : ws.placeOrder(args));
    },
    amend: (amend: AmendRequest) => {
      const args = {
        instId: amend.instrument.symbol,
        ...orderId(amend),
        ...(amend.size === undefined ? {} : { newSz: amend.size }),
        ...(amend.price === undefined ? {} : { newPx: amend.price }),
      };
      const ws = socket();
      return ack(ws === undefined ? api.amendOrder(args) : ws.amendOrder(args));
    },
    cancel: (target) => {
      const args = { instId: target.instrument.symbol, ...orderId(target) };
      const ws = socket();
      return ack(ws === undefined ? api.cancelOrder(args) : ws.cancelOrder(args));
    },
    close: (position, clientOrderId) => {
      if (!ORDER_CLOSABLE.has(position.instrumentKind))
        return rest.closePosition(position, clientOrderId ?? newClientOrderId());
      return reduce(position, position.sizeContracts, clientOrderId);
    },
    closePart: (position, size, clientOrderId) => reduce(position, size, clientOrderId),
    cancelAllAfter: (timeoutSeconds) => okxCancelAllAfter(api, timeoutSeconds),
    cancelAll: (scope) => okxCancelAll(api, rest, scope),
  };

  /** A market order the other way, of `size`, over the socket when logged in, else REST. */
  function reduce(position: Position, size: string, clientOrderId: string | undefined): Promise<OrderAck> {
    return trade.place({
      instrument: { kind: position.instrumentKind, symbol: position.symbol },
      side: position.side === 'short' ? 'buy' : 'sell',
      type: 'market',
      size,
      // reduceOnly applies in net mode; in long/short mode the posSide already says which to reduce.
      ...(position.positionSlot === 'one-way' ? { reduceOnly: true } : {}),
      slot: position.positionSlot,
      ...(position.marginMode === undefined ? {} : { marginMode: position.marginMode }),
      ...(clientOrderId === undefined ? {} : { clientOrderId }),
    });
  }
  return trade;
}

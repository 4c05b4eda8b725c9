import * as z from 'zod/mini';
import { present } from '../decimal';
import type { StreamEvent } from '../model';
import { parsePush } from '../transport/socket-parse';
import { isBybitFill, mapBybitOrder, mapBybitPosition, mapBybitWallet } from './map';
import { protectionOfOrder, protectionOfPosition } from './protection-parse';
import { BybitOrder, BybitPosition, BybitWallet } from './schemas';

/** Private push schemas (docs/protocol.md "Bybit pushes"): the REST shapes where the push matches them. */
const str = z.string();
const optStr = z.optional(z.string());
const optBool = z.optional(z.boolean());

const Execution = z.object({
  symbol: str,
  orderId: str,
  orderLinkId: optStr,
  execId: str,
  side: z.enum(['Buy', 'Sell']),
  execPrice: str,
  execQty: str,
  execType: optStr,
  execFee: optStr,
  isMaker: optBool,
  execTime: str,
});
const Greeks = z.object({
  baseCoin: str,
  totalDelta: optStr,
  totalGamma: optStr,
  totalVega: optStr,
  totalTheta: optStr,
});

/** Array schemas built once (not per frame). */
const BybitOrderList = z.array(BybitOrder);
const BybitPositionList = z.array(BybitPosition);
const ExecutionList = z.array(Execution);
const GreeksList = z.array(Greeks);

/**
 * Events of a private topic push, or undefined for a topic Perch does not read. Topics come with their
 * variants: `order.linear`, `execution.fast`, `position.inverse`… (docs/protocol.md "Bybit pushes"). `ts` is the push's creationTime.
 */
export function parseBybitPrivatePush(topic: string, ts: number, data: unknown): StreamEvent[] | undefined {
  switch (topic.split('.')[0]) {
    case 'order':
      // A conditional order is also a protection leg (docs/protocol.md "Bybit protection").
      return parsePush(BybitOrderList, data, 'Bybit order').flatMap((item): StreamEvent[] => [
        { kind: 'order', ...mapBybitOrder(item) },
        ...protectionOfOrder(item, ts),
      ]);
    case 'execution':
      return parsePush(ExecutionList, data, 'Bybit execution')
        .filter((item) => isBybitFill(item.execType))
        .map(execution);
    case 'position':
      return parsePush(BybitPositionList, data, 'Bybit position').flatMap((item) => [
        position(item, ts),
        ...protectionOfPosition(item, ts),
      ]);
    case 'wallet':
      return parsePush(BybitWallet.shape.list, data, 'Bybit wallet').map((item): StreamEvent => ({
        kind: 'wallet',
        ts,
        ...mapBybitWallet({ list: [item] }),
      }));
    case 'greeks':
      return parsePush(GreeksList, data, 'Bybit greeks').map((item) => greeks(item, ts));
    default:
      return undefined;
  }
}

/** Bybit's order side as the model spells it. */
export const bybitSide = (value: 'Buy' | 'Sell'): 'buy' | 'sell' => (value === 'Buy' ? 'buy' : 'sell');

function execution(item: z.infer<typeof Execution>): StreamEvent {
  return {
    kind: 'execution',
    exchange: 'bybit',
    symbol: item.symbol,
    ts: Number(item.execTime),
    orderId: item.orderId,
    clientOrderId: item.orderLinkId ?? '',
    executionId: item.execId,
    side: bybitSide(item.side),
    price: item.execPrice,
    size: item.execQty,
    // execution.fast carries no fee.
    fee: item.execFee ?? '',
    isMaker: item.isMaker,
  };
}

function position(item: BybitPosition, ts: number): StreamEvent {
  return { kind: 'position', ts, ...mapBybitPosition(item) };
}

function greeks(item: z.infer<typeof Greeks>, ts: number): StreamEvent {
  return {
    kind: 'greeks',
    exchange: 'bybit',
    ts,
    coin: item.baseCoin,
    delta: present(item.totalDelta),
    gamma: present(item.totalGamma),
    vega: present(item.totalVega),
    theta: present(item.totalTheta),
  };
}

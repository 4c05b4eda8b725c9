import * as z from 'zod/mini';
import { present } from '../decimal';
import type { StreamEvent } from '../model';
import { parsePush } from '../transport/socket-parse';
import { isBybitFill, mapBybitFill, mapBybitOrder, mapBybitPosition, mapBybitWallet } from './map';
import { protectionOfOrder, protectionOfPosition } from './protection-parse';
import { BybitExecution, BybitOrder, BybitPosition, BybitWallet } from './schemas';

/** Private push schemas (docs/protocol.md "Bybit pushes"): the REST shapes where the push matches them. */
const str = z.string();
const optStr = z.optional(z.string());

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
const ExecutionList = z.array(BybitExecution);
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
        .map((item): StreamEvent => ({ kind: 'execution', ...mapBybitFill(item) }));
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

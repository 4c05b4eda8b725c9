import * as z from 'zod/mini';
import { present } from '../decimal';
import type { StreamEvent } from '../model';
import { optionalStrings } from '../transport/http-schema';
import { parsePush } from '../transport/socket-parse';
import { mapOkxBalance, mapOkxFill, mapOkxOrder, mapOkxPosition } from './map';
import { parseOkxAlgoPush } from './protection-parse';
import { OkxBalance, OkxFills, OkxOrder, OkxPositions, type OkxPosition } from './schemas';

/** Private push schemas (docs/protocol.md "OKX pushes"): the REST shapes where the push matches them. */
const str = z.string();
const optStr = z.optional(z.string());

/** The REST order shape plus the fill fields an order push carries. */
const OrderPushList = z.array(
  z.extend(OkxOrder, {
    tradeId: optStr,
    fillPx: optStr,
    fillSz: optStr,
    fillFee: optStr,
    execType: optStr,
    uTime: str,
  }),
);
type OrderPush = z.infer<typeof OrderPushList>[number];

const BalanceAndPositionList = z.array(
  z.object({
    pTime: str,
    balData: z.array(z.object({ ccy: str, cashBal: optStr })),
    posData: z.array(
      z.object({
        instType: str,
        instId: str,
        posSide: str,
        pos: str,
        ...optionalStrings('avgPx', 'mgnMode', 'posCcy', 'ccy', 'uTime'),
      }),
    ),
  }),
);
type BalanceAndPosition = z.infer<typeof BalanceAndPositionList>[number];

const GreeksList = z.array(
  z.object({ ccy: str, deltaBS: optStr, gammaBS: optStr, vegaBS: optStr, thetaBS: optStr, ts: str }),
);

/** Events of a private channel push, or undefined for a channel Perch does not read. */
export function parseOkxPrivatePush(channel: string, data: unknown): StreamEvent[] | undefined {
  switch (channel) {
    case 'orders':
      return parsePush(OrderPushList, data, 'OKX orders').flatMap(orderEvents);
    case 'fills':
      return parsePush(OkxFills, data, 'OKX fills').map((item): StreamEvent => ({
        kind: 'execution',
        ...mapOkxFill(item),
      }));
    case 'positions':
      return parsePush(OkxPositions, data, 'OKX positions').map((item) => position(item, undefined));
    case 'account':
      return parsePush(OkxBalance, data, 'OKX account').map((item): StreamEvent => ({
        kind: 'wallet',
        ts: Number(item.uTime ?? 0),
        ...mapOkxBalance(item),
      }));
    case 'balance_and_position':
      return parsePush(BalanceAndPositionList, data, 'OKX balance_and_position').flatMap(balanceAndPosition);
    case 'account-greeks':
      return parsePush(GreeksList, data, 'OKX account-greeks').map((item): StreamEvent => ({
        kind: 'greeks',
        exchange: 'okx',
        ts: Number(item.ts),
        coin: item.ccy,
        delta: present(item.deltaBS),
        gamma: present(item.gammaBS),
        vega: present(item.vegaBS),
        theta: present(item.thetaBS),
      }));
    case 'orders-algo':
    case 'algo-advance':
      return parseOkxAlgoPush(channel, data);
    default:
      return undefined;
  }
}

function orderEvents(item: OrderPush): StreamEvent[] {
  const order: StreamEvent = { kind: 'order', ...mapOkxOrder(item) };
  // OKX has no public execution channel for most accounts: an order push with a trade id is the fill.
  const tradeId = present(item.tradeId);
  if (tradeId === undefined || present(item.fillSz) === undefined || Number(item.fillSz) === 0)
    return [order];
  const fill: StreamEvent = {
    kind: 'execution',
    exchange: 'okx',
    symbol: item.instId,
    ts: order.ts,
    orderId: item.ordId,
    clientOrderId: item.clOrdId ?? '',
    executionId: tradeId,
    side: item.side,
    price: item.fillPx ?? '',
    size: item.fillSz ?? '',
    fee: item.fillFee ?? '0',
    isMaker: item.execType === undefined ? undefined : item.execType === 'M',
  };
  return [order, fill];
}

function position(item: OkxPosition, pushTime: string | undefined): StreamEvent {
  const mapped = mapOkxPosition(item);
  return { kind: 'position', ts: mapped.updatedAt ?? Number(pushTime ?? 0), ...mapped };
}

/** balance_and_position carries cash balances and slim positions (no mark, PnL or leverage). */
function balanceAndPosition(item: BalanceAndPosition): StreamEvent[] {
  const balance = mapOkxBalance({ uTime: item.pTime, details: item.balData });
  const positions = item.posData.map((pos) => position(pos, item.pTime));
  return [{ kind: 'wallet', ts: Number(item.pTime), ...balance }, ...positions];
}

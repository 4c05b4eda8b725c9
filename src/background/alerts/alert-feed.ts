import type { PortfolioView } from '../../contracts/portfolio';
import { liquidationDistancePercent } from '../../contracts/position-risk';
import type {
  CloseReason,
  OrderOrigin,
  OrderUpdateEvent,
  PositionUpdateEvent,
  ProtectionEvent,
  StreamEvent,
  TickerEvent,
} from '../../exchanges';
import { compareDecimals, divideDecimals, multiplyDecimals } from '../../exchanges/decimal';
import type {
  AlertInput,
  ClosedInput,
  FillInput,
  MarginInput,
  PositionRiskInput,
  StopInput,
} from './alert-inputs';
import { positionName } from './rule-types';

/**
 * Turns what the worker sees (stream pushes, the portfolio's views) into the rules' inputs. It remembers
 * only what a push alone does not say: how much of each order had filled, each position's size, the last
 * fill of each instrument (what a position that went flat was closed by), and the stops already fired.
 */

/** A position that went flat this soon after an order filled on its instrument was closed by that order. */
export const CLOSED_BY_FILL_MS = 30_000;
/** The most orders and fired legs remembered (the oldest are forgotten). */
const MAX_REMEMBERED = 500;

const CLOSE_REASONS: Readonly<Record<OrderOrigin, CloseReason>> = {
  trader: 'trader',
  close: 'trader',
  stop: 'stop',
  target: 'target',
  trailing: 'trailing',
  liquidation: 'liquidation',
  adl: 'adl',
};

export interface AlertFeed {
  fromEvent(event: StreamEvent | ProtectionEvent): AlertInput[];
  /** The portfolio's figures at `ts`: each position's risk and funding, each exchange's margin ratio. */
  fromPortfolio(view: PortfolioView, ts: number): AlertInput[];
}

interface LastFill {
  readonly origin: OrderOrigin | undefined;
  readonly averagePrice: string | undefined;
  readonly ts: number;
}

/** A Map that forgets its oldest entries past MAX_REMEMBERED. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= MAX_REMEMBERED) break;
    map.delete(oldest);
  }
}

const isZero = (size: string) => compareDecimals(size, '0') === 0;

function priceInput(event: TickerEvent): AlertInput[] {
  // A push carries only what changed: no price in it is no news for the price rules.
  if (event.last === undefined && event.mark === undefined) return [];
  const { exchange, instrumentKind: kind, symbol, last, mark, ts } = event;
  return [{ type: 'price', exchange, kind, symbol, last, mark, ts }];
}

/**
 * An exchange account's margin ratio as the alerts count it, maintenance margin over equity in %: Bybit's
 * maintenance-margin rate is that already; OKX states the inverse (equity over maintenance margin).
 */
export function marginRatioPercent(risk: {
  readonly kind: string;
  readonly value: string;
}): string | undefined {
  if (risk.value.trim() === '') return undefined;
  if (risk.kind === 'maintenance-margin-rate') return multiplyDecimals(risk.value, '100');
  return divideDecimals('100', risk.value);
}

export function createAlertFeed(): AlertFeed {
  const filledSizes = new Map<string, string>();
  const lastFills = new Map<string, LastFill>();
  const positionSizes = new Map<string, string>();
  const firedLegs = new Map<string, true>();

  function fillInput(event: OrderUpdateEvent): AlertInput[] {
    const orderName = `${event.exchange}:${event.orderId}`;
    const before = filledSizes.get(orderName) ?? '0';
    if (compareDecimals(event.filledSize, before) <= 0) return [];
    remember(filledSizes, orderName, event.filledSize);
    remember(lastFills, `${event.exchange}:${event.symbol}`, {
      origin: event.origin,
      averagePrice: event.averagePrice,
      ts: event.ts,
    });
    const fill: FillInput = {
      type: 'fill',
      exchange: event.exchange,
      symbol: event.symbol,
      orderId: event.orderId,
      side: event.side,
      filledSize: event.filledSize,
      orderSize: event.size,
      price: event.averagePrice,
      whole: event.status === 'filled',
      ts: event.ts,
    };
    return [fill];
  }

  function closedInput(event: PositionUpdateEvent): AlertInput[] {
    const slot = event.positionSlot;
    const name = positionName({ exchange: event.exchange, symbol: event.symbol, slot });
    const size = event.side === 'flat' ? '0' : event.sizeContracts;
    const before = positionSizes.get(name);
    remember(positionSizes, name, size);
    if (before === undefined || isZero(before) || !isZero(size)) return [];
    const fill = lastFills.get(`${event.exchange}:${event.symbol}`);
    const closedBy = fill !== undefined && event.ts - fill.ts <= CLOSED_BY_FILL_MS ? fill : undefined;
    const close: ClosedInput = {
      type: 'closed',
      source: 'stream',
      exchange: event.exchange,
      symbol: event.symbol,
      slot,
      id: `${name}:${event.ts}`,
      reason: closedBy?.origin === undefined ? 'unknown' : CLOSE_REASONS[closedBy.origin],
      whole: true,
      price: closedBy?.averagePrice,
      realisedPnl: undefined,
      ts: event.ts,
    };
    return [close];
  }

  function stopInput(event: ProtectionEvent): AlertInput[] {
    // Bybit pushes a position's own legs with every position push: a leg fires once until it is set again.
    const leg = `${positionName({ ...event, slot: event.positionSlot })}:${event.leg.id}:${event.leg.role}`;
    if (event.status === 'live') firedLegs.delete(leg);
    if (event.status !== 'triggered' || firedLegs.has(leg)) return [];
    remember(firedLegs, leg, true);
    const stop: StopInput = {
      type: 'stop',
      exchange: event.exchange,
      symbol: event.symbol,
      legId: event.leg.id,
      role: event.leg.role,
      triggerPrice: event.leg.triggerPrice,
      ts: event.ts,
    };
    return [stop];
  }

  return {
    fromEvent(event) {
      switch (event.kind) {
        case 'ticker':
          return priceInput(event);
        case 'order':
          return fillInput(event);
        case 'position':
          return closedInput(event);
        case 'protection':
          return stopInput(event);
        default:
          return [];
      }
    },

    fromPortfolio(view, ts) {
      const risks = view.positions.map((position): PositionRiskInput => {
        const rate = position.funding?.rate;
        const paysWhen = position.side === 'long' ? 1 : -1;
        return {
          type: 'position-risk',
          exchange: position.exchange,
          symbol: position.symbol,
          slot: position.slot,
          liquidationDistancePercent: liquidationDistancePercent(
            position.markPrice,
            position.liquidationPrice,
          ),
          mark: position.markPrice,
          liquidationPrice: position.liquidationPrice,
          fundingRate: rate,
          nextFundingTime: position.funding?.nextFundingTime,
          // A long pays a positive rate, a short a negative one.
          pays: rate === undefined ? undefined : compareDecimals(rate, '0') === paysWhen,
          ts,
        };
      });
      const margins = view.balances.flatMap((balance): MarginInput[] => {
        const ratio = balance.marginRisk === undefined ? undefined : marginRatioPercent(balance.marginRisk);
        return ratio === undefined
          ? []
          : [{ type: 'margin', exchange: balance.exchange, marginRatioPercent: ratio, ts }];
      });
      return [...risks, ...margins];
    },
  };
}

import { nextFundingTime } from '../market/funding-times.js';
import type { SimTimers } from '../server/time.js';
import { multiplierOf } from './margin.js';
import type { SimAccount } from './sim-account.js';
import type { MarketAccess, SimFunding, TradableInstrument } from './types.js';

/** The published funding rate of a perpetual, as a number (0.0001 is 0.01 %). */
export type FundingRateOf = (instrument: TradableInstrument) => number;

/**
 * Settles funding on every open perpetual of an account at `at`: each pays size x mark x rate (a long pays a
 * positive rate, a short receives it), out of the cash balance and into the position's realised PnL. Then
 * it announces one change: the positions, the balance and the payments, which each exchange's private
 * stream pushes its own way (docs/protocol.md "Funding").
 */
export function settleFunding(
  account: SimAccount,
  market: MarketAccess,
  rateOf: FundingRateOf,
  at: number,
): SimFunding[] {
  const fundings = account
    .openPositions()
    .filter((position) => position.instrument.kind === 'perp')
    .map((position): SimFunding => {
      const rate = rateOf(position.instrument);
      const markPrice = market.markPrice(position.instrument);
      const amount = position.size * multiplierOf(position.instrument) * markPrice * rate;
      account.cash -= amount;
      position.realisedPnl -= amount;
      position.fundingPaid += amount;
      position.updatedAt = at;
      return {
        id: account.nextTradeId(),
        position,
        rate,
        markPrice,
        size: Math.abs(position.size),
        amount,
        ts: at,
      };
    });
  if (fundings.length > 0) {
    account.emit({
      orders: [],
      fills: [],
      positions: fundings.map((funding) => funding.position),
      balanceChanged: true,
      fundings,
    });
  }
  return fundings;
}

/**
 * Runs `settle` at every funding time (00:00, 08:00 and 16:00 UTC) on the simulator's clock and timers, each
 * with the settlement's own time, until the returned function is called. Each settlement happens once, even
 * when the timers run ahead of the clock (a test's fake timers beside the wall clock).
 */
export function startFundingSchedule(
  timers: SimTimers,
  now: () => number,
  settle: (at: number) => void,
): () => void {
  let stopped = false;
  let handle: unknown;
  let settled = 0;
  const schedule = (): void => {
    const at = nextFundingTime(Math.max(now(), settled));
    handle = timers.setTimeout(
      () => {
        if (stopped) return;
        settled = at;
        settle(at);
        schedule();
      },
      Math.max(0, at - now()),
    );
  };
  schedule();
  return () => {
    stopped = true;
    timers.clearTimeout(handle);
  };
}

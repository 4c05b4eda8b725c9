import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { PositionView } from '../contracts/portfolio';
import { riskLevel } from '../contracts/position-risk';
import { fundingPaymentWords, fundingRateWords, liquidationWords, timeUntil } from './account-words';
import type { PopupStore } from './store';

const LEVEL_CLASS = { danger: 'perch-down', warning: 'perch-warning', ok: undefined } as const;

/** The wall clock, read again every `everyMs` so a countdown moves while the popup is open. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, everyMs);
    return () => {
      clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}

function FundingWords({ funding }: { funding: NonNullable<PositionView['funding']> }) {
  const now = useNow(1000);
  const parts = [
    `Funding ${fundingRateWords(funding.rate)}`,
    funding.nextFundingTime === undefined ? undefined : `next ${timeUntil(funding.nextFundingTime, now)}`,
    fundingPaymentWords(funding),
  ].filter((part) => part !== undefined);
  return <span className="perch-funding">{parts.join(', ')}</span>;
}

/**
 * A position's risk on one line: how far liquidation is (coloured, and said in words, under the trader's
 * thresholds), its place in the auto-deleveraging queue, and what the next funding costs or pays.
 */
export function RiskLine({ store, position }: { store: PopupStore; position: PositionView }) {
  const risk = useStore(store, (state) => state.risk);
  const distance = position.liquidationDistancePercent;
  const level = riskLevel(distance, risk);
  if (distance === undefined && position.adlRank === undefined && position.funding === undefined) return null;
  return (
    <p className="perch-risk" data-field="risk" data-level={level}>
      {distance === undefined ? null : (
        <span className={level === undefined ? undefined : LEVEL_CLASS[level]}>
          {liquidationWords(distance, level)}
        </span>
      )}
      {position.adlRank === undefined ? null : (
        <span className="perch-adl">ADL rank {String(position.adlRank)} of 5</span>
      )}
      {position.funding === undefined ? null : <FundingWords funding={position.funding} />}
    </p>
  );
}

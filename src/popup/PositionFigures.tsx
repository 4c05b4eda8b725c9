import Big from 'big.js';
import type { PositionView, ProtectionView } from '../contracts/portfolio';
import { riskLevel, type RiskThresholds } from '../contracts/position-risk';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { Figure } from '../ui/Figure';
import { StatusPill, type PillTone } from '../ui/StatusPill';
import { liquidationShown } from './trigger-verdict';

const LEVEL_TONE = { danger: 'perch-down', warning: 'perch-warning', ok: undefined } as const;

/** How far liquidation is ("4.2 %", the price under it), or why there is no figure ("no liq. price"). */
export function LiquidationFigure({
  position,
  risk,
  price,
}: {
  position: PositionView;
  risk: RiskThresholds;
  price: (value: string | undefined) => string;
}) {
  const liquidation = liquidationShown(position.liquidationPrice);
  const distance = position.liquidationDistancePercent;
  if (liquidation === undefined)
    return (
      <Figure
        label="Liq."
        value="no liq. price"
        title={`${EXCHANGE_NAMES[position.exchange]} states no liquidation price for this position: its margin covers any price it computes.`}
      />
    );
  const level = riskLevel(distance, risk);
  return (
    <Figure
      label="Liq."
      value={distance === undefined ? price(liquidation) : `${new Big(distance).round(1).toString()} %`}
      note={distance === undefined ? undefined : price(liquidation)}
      tone={level === undefined ? undefined : LEVEL_TONE[level]}
      title={`Liquidation at ${price(liquidation)}`}
    />
  );
}

const PROTECTION_PILL: Readonly<Record<ProtectionView['status'], { tone: PillTone; words: string }>> = {
  unprotected: { tone: 'warning', words: 'Unprotected' },
  'stop-set': { tone: 'ok', words: 'Protected' },
  breakeven: { tone: 'ok', words: 'Breakeven' },
  'stop-beyond-liquidation': { tone: 'danger', words: 'Stop past liq.' },
};

/** Whether a stop guards the position, in a word; "Checking" until the exchange has listed its stops. */
export function ProtectionPill({ protection }: { protection: ProtectionView | undefined }) {
  if (protection === undefined) return <StatusPill tone="neutral">Checking</StatusPill>;
  const { tone, words } = PROTECTION_PILL[protection.status];
  return (
    <StatusPill tone={tone} title={protection.words}>
      {words}
    </StatusPill>
  );
}

import type { PortfolioView } from '../contracts/portfolio';
import { riskLevel } from '../contracts/position-risk';
import type { RiskSettings } from '../contracts/settings';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { COLORS, compactPnl, type BadgeFigure } from './badge';

/** The badge's PnL: the total unrealised PnL in USD; nothing while no position is open. */
export function pnlFigure(view: PortfolioView): BadgeFigure | undefined {
  return view.positions.length === 0 ? undefined : { text: compactPnl(view.totals.overallPnlUsd) };
}

/** A distance in at most five characters: one decimal under 10 % (4.2%), whole above (35%). */
export function compactPercent(percent: number): string {
  if (percent >= 1000) return '>999%';
  return `${percent < 9.95 ? percent.toFixed(1) : percent.toFixed(0)}%`;
}

const LEVEL_COLORS = { danger: COLORS.down, warning: COLORS.partial } as const;

/**
 * The lowest liquidation distance over the positions, red under the danger threshold and amber under the
 * warning one; nothing while no position has a known distance.
 */
export function liquidationFigure(view: PortfolioView, risk: RiskSettings): BadgeFigure | undefined {
  const known = view.positions.filter((position) => position.liquidationDistancePercent !== undefined);
  const closest = known.reduce<(typeof known)[number] | undefined>(
    (low, position) =>
      low === undefined ||
      Number(position.liquidationDistancePercent) < Number(low.liquidationDistancePercent)
        ? position
        : low,
    undefined,
  );
  const distance = closest?.liquidationDistancePercent;
  if (closest === undefined || distance === undefined) return undefined;
  const level = riskLevel(distance, risk);
  const text = compactPercent(Number(distance));
  return {
    text,
    ...(level === 'danger' || level === 'warning' ? { color: LEVEL_COLORS[level] } : {}),
    about: `Closest to liquidation: ${EXCHANGE_NAMES[closest.exchange]} ${closest.symbol} ${closest.side}, ${text} from its mark`,
  };
}

/** The figure the trader chose for the toolbar icon. */
export function toolbarFigure(view: PortfolioView, risk: RiskSettings): BadgeFigure | undefined {
  return risk.toolbar === 'liquidation-distance' ? liquidationFigure(view, risk) : pnlFigure(view);
}

import type { AccountTotalFigure, AccountTotalView } from '../../contracts/portfolio';
import type { Balance } from '../../exchanges';
import { addDecimals } from '../../exchanges/decimal';

type UsdFigure = 'totalEquityUsd' | 'availableUsd' | 'usedMarginUsd' | 'unrealisedPnlUsd';

/** One figure over the accounts: the exact sum only when every account stated it, else who did not. */
function sumOf(balances: readonly Balance[], figure: UsdFigure): AccountTotalFigure {
  const missing = balances.filter((balance) => balance[figure] === undefined).map(({ exchange }) => exchange);
  if (missing.length > 0) return { usd: undefined, missing };
  const usd = balances.reduce((sum, balance) => addDecimals(sum, balance[figure] ?? '0'), '0');
  return { usd, missing };
}

/**
 * The accounts of every exchange with a balance, summed in USD. A figure an exchange leaves out (OKX in
 * Futures mode, Bybit isolated margin) makes that total unknown and names the exchange: adding it as 0
 * would show less than the trader has. Undefined before any balance arrived.
 */
export function accountTotals(balances: readonly Balance[]): AccountTotalView | undefined {
  if (balances.length === 0) return undefined;
  return {
    equityUsd: sumOf(balances, 'totalEquityUsd'),
    availableUsd: sumOf(balances, 'availableUsd'),
    usedMarginUsd: sumOf(balances, 'usedMarginUsd'),
    unrealisedPnlUsd: sumOf(balances, 'unrealisedPnlUsd'),
  };
}

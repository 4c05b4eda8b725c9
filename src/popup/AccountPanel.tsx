import { useStore } from 'zustand';
import type { AccountTotalFigure, AccountTotalView, BalanceView } from '../contracts/portfolio';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { signTone } from '../ui/format-signed';
import { formatCoinAmount, formatMoney, marginRiskWords } from './account-words';
import { accountStale } from './connection-health';
import type { PopupStore } from './store';

type UsdField = 'totalEquityUsd' | 'availableUsd' | 'usedMarginUsd' | 'unrealisedPnlUsd';
type CoinField = 'equity' | 'available' | 'usedMargin' | 'unrealisedPnl';

/** Each row's account figure, and the coins' own figure shown in its place where the account states none. */
const ROWS: readonly { label: string; field: UsdField; coin: CoinField; total: keyof AccountTotalView }[] = [
  { label: 'Equity', field: 'totalEquityUsd', coin: 'equity', total: 'equityUsd' },
  { label: 'Available', field: 'availableUsd', coin: 'available', total: 'availableUsd' },
  { label: 'Used margin', field: 'usedMarginUsd', coin: 'usedMargin', total: 'usedMarginUsd' },
  { label: 'Unrealised PnL', field: 'unrealisedPnlUsd', coin: 'unrealisedPnl', total: 'unrealisedPnlUsd' },
];

/**
 * Where the account states no USD figure (OKX in Futures mode, Bybit isolated margin), each coin's own,
 * in the coin: "8,000.20 USDT"; undefined where no coin states it either.
 */
function inCoins(balance: BalanceView, field: CoinField): string | undefined {
  const stated = balance.coins.filter((coin) => coin[field] !== undefined && Number(coin.equity) !== 0);
  if (stated.length === 0) return undefined;
  return stated.map((coin) => `${formatMoney(coin[field] ?? '0')} ${coin.coin}`).join(', ');
}

/** The account's margin risk, or each coin's where only the coins state one (OKX Futures mode). */
function marginRiskOf(balance: BalanceView): string | undefined {
  if (balance.marginRisk !== undefined) return marginRiskWords(balance.marginRisk);
  const coins = balance.coins.flatMap(({ coin, marginRisk }) =>
    marginRisk === undefined ? [] : [`${coin} ${marginRiskWords(marginRisk)}`],
  );
  return coins.length === 0 ? undefined : coins.join(', ');
}

/** A USD figure (else the coins' own, else "not stated"); a PnL carries its sign and its colour. */
function Money({
  value,
  signed,
  coins,
}: {
  value: string | undefined;
  signed: boolean;
  coins?: string | undefined;
}) {
  if (value === undefined) return <td className="perch-muted">{coins ?? 'not stated'}</td>;
  if (!signed) return <td>{formatMoney(value)}</td>;
  const tone = signTone(Number(value));
  return <td className={tone}>{`${Number(value) > 0 ? '+' : ''}${formatMoney(value)}`}</td>;
}

/** A total only where every exchange stated the figure; else "partial" (the note under the table says who did not). */
function Total({ figure, signed }: { figure: AccountTotalFigure; signed: boolean }) {
  if (figure.missing.length === 0) return <Money value={figure.usd} signed={signed} />;
  return <td className="perch-muted">partial</td>;
}

/** Who left a total partial, said once under the table rather than in every cell. */
function PartialNote({ totals }: { totals: AccountTotalView }) {
  const missing = new Set(ROWS.flatMap((row) => totals[row.total].missing));
  if (missing.size === 0) return null;
  const names = [...missing].map((exchange) => EXCHANGE_NAMES[exchange]).join(' and ');
  return (
    <p className="perch-muted">
      Partial totals: {names} {missing.size === 1 ? 'states' : 'state'} no USD figure for them, and an unknown
      is not counted as 0.
    </p>
  );
}

/** The coins an account holds: equity, and what is available only where the exchange states it. */
function Coins({ balance }: { balance: BalanceView }) {
  const held = balance.coins.filter((coin) => coin.equity !== undefined && Number(coin.equity) !== 0);
  if (held.length === 0) return null;
  return (
    <ul className="perch-coins" aria-label={`${EXCHANGE_NAMES[balance.exchange]} coins`}>
      {held.map((coin) => (
        <li key={coin.coin}>
          {EXCHANGE_NAMES[balance.exchange]} {coin.coin} {formatCoinAmount(coin.equity ?? '0')}
          {coin.available === undefined ? '' : `, available ${formatCoinAmount(coin.available)}`}
        </li>
      ))}
    </ul>
  );
}

function AccountTable({ store, balances }: { store: PopupStore; balances: readonly BalanceView[] }) {
  const totals = useStore(store, (state) => state.account.totals?.account);
  // Joined into one string: a selector's answer must compare equal while nothing changed.
  const stale = useStore(store, (state) =>
    balances
      .filter(({ exchange }) => accountStale(state.connections, state.account, exchange))
      .map(({ exchange }) => exchange)
      .join(' '),
  );
  const withTotal = totals !== undefined && balances.length > 1;
  return (
    <>
      <table className="perch-figure-table perch-account" data-field="account">
        <caption className="perch-muted">In USD</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            {balances.map(({ exchange }) => (
              <th scope="col" key={exchange} data-exchange={exchange}>
                {EXCHANGE_NAMES[exchange]}
                {stale.split(' ').includes(exchange) ? <span className="perch-stale-tag"> stale</span> : null}
              </th>
            ))}
            {withTotal ? <th scope="col">Total</th> : null}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.field}>
              <th scope="row">{row.label}</th>
              {balances.map((balance) => (
                <Money
                  key={balance.exchange}
                  value={balance[row.field]}
                  signed={row.field === 'unrealisedPnlUsd'}
                  coins={inCoins(balance, row.coin)}
                />
              ))}
              {withTotal ? (
                <Total figure={totals[row.total]} signed={row.field === 'unrealisedPnlUsd'} />
              ) : null}
            </tr>
          ))}
          <tr>
            <th scope="row">Margin risk</th>
            {balances.map((balance) => {
              const words = marginRiskOf(balance);
              return (
                <td key={balance.exchange} className={words === undefined ? 'perch-muted' : 'perch-words'}>
                  {words ?? 'not stated'}
                </td>
              );
            })}
            {withTotal ? <td /> : null}
          </tr>
        </tbody>
      </table>
      {withTotal ? <PartialNote totals={totals} /> : null}
      {balances.map((balance) => (
        <Coins key={balance.exchange} balance={balance} />
      ))}
    </>
  );
}

/**
 * Each exchange's account and their total: equity, available, used margin, unrealised PnL and margin
 * risk in the exchange's own measure. Shown while the vault is open; a stale exchange is marked.
 */
export function AccountPanel({ store }: { store: PopupStore }) {
  const unlocked = useStore(store, (state) => state.vault.kind === 'unlocked');
  const balances = useStore(store, (state) => state.account.balances);
  if (!unlocked) return null;
  return (
    <section className="perch-section" aria-labelledby="perch-account-title">
      <h2 id="perch-account-title">Account</h2>
      {balances === undefined || balances.length === 0 ? (
        <p className="perch-muted">Account figures not known yet.</p>
      ) : (
        <AccountTable store={store} balances={balances} />
      )}
    </section>
  );
}

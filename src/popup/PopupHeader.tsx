import { useStore } from 'zustand';
import { Figure } from '../ui/Figure';
import { SignedPnl } from '../ui/SignedPnl';
import { formatMoney } from './account-words';
import { ConnectionBar } from './ConnectionBar';
import { OpenSidePanelButton } from './OpenSidePanelButton';
import type { PopupStore } from './store';

/** Both accounts at a glance: total equity and unrealised PnL, biggest, and each exchange's state. */
export function PopupHeader({ store }: { store: PopupStore }) {
  const totals = useStore(store, (state) => state.account.totals);
  const equity = totals?.account?.equityUsd;
  const partial = equity !== undefined && equity.missing.length > 0;
  return (
    <header className="perch-popup-header">
      <div className="perch-popup-title">
        <h1>Perch</h1>
        <ConnectionBar store={store} />
        <OpenSidePanelButton />
      </div>
      <dl className="perch-headline" aria-label="Both accounts">
        <Figure
          label={partial ? 'Equity (partial)' : 'Equity'}
          value={equity?.usd === undefined || partial ? '—' : formatMoney(equity.usd)}
          unit="USD"
          size="lg"
          title={partial ? 'An exchange states no USD equity: see Account below' : undefined}
        />
        <Figure
          label="Unrealised PnL"
          value={<SignedPnl amount={totals?.overallPnlUsd} unit="USD" size="xl" />}
          align="end"
          size="lg"
        />
      </dl>
    </header>
  );
}

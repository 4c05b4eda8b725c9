import { useEffect } from 'react';
import { useStore } from 'zustand';
import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';
import { AppHeader } from '../ui/AppHeader';
import { AccountPanel } from './AccountPanel';
import { AlertsPanel } from './AlertsPanel';
import { CloseEverything } from './CloseEverything';
import { ConnectionBar } from './ConnectionBar';
import { DeadManLine } from './DeadManLine';
import { ExposurePanel } from './ExposurePanel';
import { OpenSidePanelButton } from './OpenSidePanelButton';
import { OrdersPanel } from './OrdersPanel';
import { PositionsPanel } from './PositionsPanel';
import type { PopupStore } from './store';
import { WatchlistPanel } from './WatchlistPanel';

export interface PopupAppProps {
  readonly store: PopupStore;
  readonly onOpenOptions: () => void;
  /** Opens the options page at its Alerts section; the options page itself when not given. */
  readonly onManageAlerts?: () => void;
  /** Development builds link to the simulator's demo chart from the empty state. */
  readonly development: boolean;
}

export function PopupApp({ store, onOpenOptions, onManageAlerts, development }: PopupAppProps) {
  const endpoint = useStore(store, (state) => state.endpoint);
  const intent = useStore(store, (state) => state.intent);
  const dropIntent = useStore(store, (state) => state.dropIntent);
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  // The simulator serves a demo charting page the overlay runs on (development builds only).
  const demoChartUrl =
    WITH_DEVELOPMENT_PATHS && development && endpoint?.environment === 'simulator'
      ? new URL('/demo/chart?symbol=BYBIT:BTCUSDT.P', endpoint.restUrl).href
      : undefined;

  return (
    <main className="perch-popup">
      <AppHeader />
      <OpenSidePanelButton />
      <ConnectionBar store={store} />
      <DeadManLine store={store} />
      <AccountPanel store={store} />
      <PositionsPanel store={store} onOpenOptions={onOpenOptions} demoChartUrl={demoChartUrl} />
      <ExposurePanel store={store} />
      <OrdersPanel store={store} />
      <WatchlistPanel store={store} />
      <AlertsPanel store={store} onManage={onManageAlerts ?? onOpenOptions} />
      <CloseEverything askNow={intent === 'close-everything'} onAsked={dropIntent} />
    </main>
  );
}

import { useEffect } from 'react';
import { useStore } from 'zustand';
import { AppHeader } from '../ui/AppHeader';
import { ConnectionBar } from './ConnectionBar';
import { PositionsPanel } from './PositionsPanel';
import type { PopupStore } from './store';
import { WatchlistPanel } from './WatchlistPanel';

/** The simulator serves a demo charting page the overlay runs on (development builds only). */
const DEMO_CHART_PATH = '/demo/chart?symbol=BYBIT:BTCUSDT.P';

export interface PopupAppProps {
  readonly store: PopupStore;
  readonly onOpenOptions: () => void;
  /** Development builds link to the simulator's demo chart from the empty state. */
  readonly development: boolean;
}

export function PopupApp({ store, onOpenOptions, development }: PopupAppProps) {
  const endpoint = useStore(store, (state) => state.endpoint);
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  const demoChartUrl =
    development && endpoint?.environment === 'simulator'
      ? new URL(DEMO_CHART_PATH, endpoint.restUrl).href
      : undefined;

  return (
    <main className="perch-popup">
      <AppHeader />
      <ConnectionBar store={store} />
      <PositionsPanel store={store} onOpenOptions={onOpenOptions} demoChartUrl={demoChartUrl} />
      <WatchlistPanel store={store} />
    </main>
  );
}

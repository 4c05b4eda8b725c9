import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';
import { TabBar, TabPanel } from '../ui/TabBar';
import { usePainted, type AfterPaint } from '../ui/use-painted';
import { AccountPanel } from './AccountPanel';
import { AlertsPanel } from './AlertsPanel';
import { CloseEverything } from './CloseEverything';
import { DeadManLine } from './DeadManLine';
import { ExposurePanel } from './ExposurePanel';
import { OrdersPanel } from './OrdersPanel';
import { PopupHeader } from './PopupHeader';
import { PositionsPanel } from './PositionsPanel';
import type { PopupStore } from './store';
import { WatchlistPanel } from './WatchlistPanel';
import './popup.css';

const TABS = [
  { id: 'positions', label: 'Positions' },
  { id: 'orders', label: 'Orders' },
  { id: 'watchlist', label: 'Watchlist' },
  { id: 'alerts', label: 'Alerts' },
] as const;
export type PopupTab = (typeof TABS)[number]['id'];
/** The side panel is tall enough to show the quotes under the positions, as a trader beside a chart wants. */
const PANEL_TABS = TABS.filter((tab) => tab.id !== 'watchlist');
const TAB_IDS = 'perch-popup';

export interface PopupAppProps {
  readonly store: PopupStore;
  readonly onOpenOptions: () => void;
  /** Opens the options page at its Alerts section; the options page itself when not given. */
  readonly onManageAlerts?: () => void;
  /** Development builds link to the simulator's demo chart from the empty state. */
  readonly development: boolean;
  /** 'popup': the toolbar popup's fixed 400 px; 'panel': the side panel's full width and height. */
  readonly layout?: 'popup' | 'panel';
  /** When the page has first painted (tests pass their own). */
  readonly afterPaint?: AfterPaint;
}

export function PopupApp({
  store,
  onOpenOptions,
  onManageAlerts,
  development,
  layout = 'popup',
  afterPaint,
}: PopupAppProps) {
  const endpoint = useStore(store, (state) => state.endpoint);
  const intent = useStore(store, (state) => state.intent);
  const dropIntent = useStore(store, (state) => state.dropIntent);
  const inPanel = layout === 'panel';
  const [chosen, setTab] = useState<PopupTab>('positions');
  const painted = usePainted(afterPaint);
  // The close-everything shortcut asks on the Positions tab, where its confirmation is.
  const tab = intent === 'close-everything' ? 'positions' : chosen;
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  // The simulator serves a demo charting page the overlay runs on (development builds only).
  const demoChartUrl =
    WITH_DEVELOPMENT_PATHS && development && endpoint?.environment === 'simulator'
      ? new URL('/demo/chart?symbol=BYBIT:BTCUSDT.P', endpoint.restUrl).href
      : undefined;
  /**
   * A hidden tab that waits for the first paint: the first render is the screen the trader sees, and the
   * watchlist, whose quotes come in the hub's first message (in the popup, behind its tab); the hidden
   * orders and alerts render after that paint, then stay mounted like every panel.
   */
  const panel = (id: PopupTab, children: ReactNode, afterFirstPaint = false) => (
    <TabPanel idBase={TAB_IDS} id={id} selected={tab === id}>
      {afterFirstPaint && !painted && tab !== id ? null : children}
    </TabPanel>
  );

  return (
    <main className={inPanel ? 'perch-popup perch-layout-panel' : 'perch-popup'}>
      <PopupHeader store={store} />
      <DeadManLine store={store} />
      <TabBar
        label="Perch sections"
        tabs={inPanel ? PANEL_TABS : TABS}
        selected={tab}
        onSelect={setTab}
        idBase={TAB_IDS}
      />
      {panel(
        'positions',
        <>
          <PositionsPanel store={store} onOpenOptions={onOpenOptions} demoChartUrl={demoChartUrl} />
          {inPanel ? <WatchlistPanel store={store} /> : null}
          <AccountPanel store={store} />
          <ExposurePanel store={store} />
          <CloseEverything askNow={intent === 'close-everything'} onAsked={dropIntent} />
        </>,
      )}
      {panel('orders', <OrdersPanel store={store} />, true)}
      {inPanel ? null : panel('watchlist', <WatchlistPanel store={store} />)}
      {panel('alerts', <AlertsPanel store={store} onManage={onManageAlerts ?? onOpenOptions} />, true)}
    </main>
  );
}

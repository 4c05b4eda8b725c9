import { useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import { AppHeader } from '../ui/AppHeader';
import { MarketPanel } from './MarketPanel';
import type { BackgroundStatus, PopupStore } from './store';

function describe(status: BackgroundStatus): string {
  switch (status.kind) {
    case 'checking':
      return 'Connecting to Perch…';
    case 'ready':
      return `Perch is running (v${status.version}), up since ${new Date(status.workerStartedAt).toLocaleTimeString()}.`;
    case 'unreachable':
      return `Perch's background is not answering: ${status.reason}`;
  }
}

export function PopupApp({ store }: { store: PopupStore }) {
  const background = useStore(store, (state) => state.background);
  const market = useStore(store, (state) => state.market);
  const checkBackground = useStore(store, (state) => state.checkBackground);
  const checkMarket = useStore(store, (state) => state.checkMarket);
  const checkAll = useCallback(
    () => Promise.all([checkBackground(), checkMarket()]),
    [checkBackground, checkMarket],
  );
  useEffect(() => {
    void checkAll();
  }, [checkAll]);

  return (
    <main className="perch-popup">
      <AppHeader />
      <section className="perch-section">
        <p
          className="perch-status"
          role="status"
          data-status={background.kind}
          data-worker-started-at={background.kind === 'ready' ? background.workerStartedAt : undefined}
        >
          {describe(background)}
        </p>
        <MarketPanel market={market} />
        <button type="button" disabled={background.kind === 'checking'} onClick={() => void checkAll()}>
          Check again
        </button>
      </section>
    </main>
  );
}

import { useEffect } from 'react';
import { EXCHANGE_IDS } from '../contracts/vocabulary';
import { AppHeader } from '../ui/AppHeader';
import { ExchangeSection } from './ExchangeSection';
import { KeyPermissionsSection } from './KeyPermissionsSection';
import { OverlaySection } from './OverlaySection';
import { PopupSection } from './PopupSection';
import { RiskSection } from './RiskSection';
import type { OptionsStore } from './store';
import { VaultSection } from './VaultSection';
import { WatchlistSection } from './WatchlistSection';

/** Perch's settings: the vault, which permissions a key needs, each exchange and its key, the watchlist, the overlay and the popup. */
export function OptionsApp({ store, version }: { readonly store: OptionsStore; readonly version: string }) {
  useEffect(() => {
    void store.getState().loadAll();
  }, [store]);
  return (
    <main className="perch-options">
      <AppHeader subtitle="Settings" />
      <VaultSection store={store} />
      <KeyPermissionsSection />
      {EXCHANGE_IDS.map((exchange) => (
        <ExchangeSection key={exchange} store={store} exchange={exchange} />
      ))}
      <WatchlistSection store={store} />
      <OverlaySection store={store} />
      <PopupSection store={store} />
      <RiskSection store={store} />
      <footer className="perch-section perch-muted">
        Version <strong data-testid="extension-version">{version}</strong>
      </footer>
    </main>
  );
}

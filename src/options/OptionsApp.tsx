import { useEffect } from 'react';
import { EXCHANGE_IDS } from '../contracts/vocabulary';
import { AppHeader } from '../ui/AppHeader';
import { AlertsSection } from './AlertsSection';
import { ExchangeSection } from './ExchangeSection';
import { KeyPermissionsSection } from './KeyPermissionsSection';
import { OverlaySection } from './OverlaySection';
import { PopupSection } from './PopupSection';
import { DeadManSection } from './DeadManSection';
import { ShortcutsSection } from './ShortcutsSection';
import { readShortcuts as browserShortcuts, type Shortcut } from '../platform/shortcuts';
import { RiskSection } from './RiskSection';
import type { OptionsStore } from './store';
import { VaultSection } from './VaultSection';
import { WatchlistSection } from './WatchlistSection';

/** Perch's settings: the vault, which permissions a key needs, each exchange and its key, the watchlist, the overlay, the popup, the dead-man switch, the alerts and the shortcuts. */
export function OptionsApp({
  store,
  version,
  readShortcuts = browserShortcuts,
}: {
  readonly store: OptionsStore;
  readonly version: string;
  /** The browser's keyboard shortcuts for Perch (commands.getAll); tests hand in their own. */
  readonly readShortcuts?: () => Promise<readonly Shortcut[]>;
}) {
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
      <DeadManSection store={store} />
      <AlertsSection store={store} />
      <ShortcutsSection readShortcuts={readShortcuts} />
      <footer className="perch-section perch-muted">
        Version <strong data-testid="extension-version">{version}</strong>
      </footer>
    </main>
  );
}

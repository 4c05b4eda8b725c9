import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { EXCHANGE_IDS } from '../contracts/vocabulary';
import type { Shortcut } from '../platform/shortcuts';
import { AlertsSection } from './AlertsSection';
import { DeadManSection } from './DeadManSection';
import { ExchangeSection } from './ExchangeSection';
import { KeyPermissionsSection } from './KeyPermissionsSection';
import { OverlaySection } from './OverlaySection';
import { PopupSection } from './PopupSection';
import { RiskSection } from './RiskSection';
import type { SectionId } from './routes';
import { SecuritySection } from './SecuritySection';
import { ShortcutsSection } from './ShortcutsSection';
import type { OptionsStore } from './store';
import { UnlockForm } from './VaultForms';
import { WatchlistSection } from './WatchlistSection';

/** A page made of several parts: its title, then each part in a card under its own heading. */
function Page({
  id,
  title,
  children,
}: {
  readonly id: SectionId;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <section className="perch-page" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** The exchanges' accounts; a locked vault is unlocked here, since keys cannot change without it. */
function AccountsPage({ store }: { readonly store: OptionsStore }) {
  const vault = useStore(store, (state) => state.vault);
  return (
    <Page id="accounts" title="Accounts">
      {vault.kind === 'ready' && vault.value.state === 'locked' ? <UnlockForm store={store} /> : null}
      {EXCHANGE_IDS.map((exchange) => (
        <ExchangeSection key={exchange} store={store} exchange={exchange} />
      ))}
      <KeyPermissionsSection />
    </Page>
  );
}

/** The section on screen, by its route. */
export function SectionPage({
  section,
  store,
  readShortcuts,
}: {
  readonly section: SectionId;
  readonly store: OptionsStore;
  readonly readShortcuts: () => Promise<readonly Shortcut[]>;
}) {
  switch (section) {
    case 'accounts':
      return <AccountsPage store={store} />;
    case 'watchlist':
      return (
        <Page id="watchlist" title="Watchlist">
          <WatchlistSection store={store} />
        </Page>
      );
    case 'trading':
      return (
        <Page id="trading" title="Trading">
          <PopupSection store={store} />
          <RiskSection store={store} />
          <DeadManSection store={store} />
          <ShortcutsSection readShortcuts={readShortcuts} />
        </Page>
      );
    case 'overlay':
      return (
        <Page id="overlay" title="Chart overlay">
          <OverlaySection store={store} />
        </Page>
      );
    case 'alerts':
      return (
        <Page id="alerts" title="Alerts">
          <AlertsSection store={store} />
        </Page>
      );
    case 'security':
      return (
        <Page id="security" title="Security">
          <SecuritySection store={store} />
        </Page>
      );
  }
}

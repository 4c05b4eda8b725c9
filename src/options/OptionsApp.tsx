import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { AppHeader } from '../ui/AppHeader';
import { readShortcuts as browserShortcuts, type Shortcut } from '../platform/shortcuts';
import { FirstRun } from './FirstRun';
import { LoadState } from './LoadState';
import { OptionsNav } from './OptionsNav';
import { DEFAULT_SECTION, SECTIONS, stepHref, type SectionId } from './routes';
import { SectionPage } from './SectionPages';
import type { OptionsStore } from './store';
import { useRoute } from './use-route';

/** Said once the first-run path is finished: where Perch is now. */
const SET_UP_WORDS =
  'Perch is set up. Click its icon in the browser toolbar (pin it from the extensions menu) to see your positions and prices.';

/**
 * Perch's settings: a left navigation over the sections (Accounts, Watchlist, Trading, Chart overlay, Alerts,
 * Security), one on screen at a time at its own URL (options.html#accounts); or, when there is no vault yet,
 * the first-run path (options.html#first-run/passphrase and on).
 */
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
  const vault = useStore(store, (state) => state.vault);
  const { route, go, replace } = useRoute();
  const [finished, setFinished] = useState(false);
  const main = useRef<HTMLElement>(null);
  // A page opened at a named section, or moved to one, puts the focus on it; a page sent to its default does not.
  const named = useRef(route.kind !== 'none');
  const section: SectionId | undefined = route.kind === 'section' ? route.section : undefined;

  useEffect(() => {
    void store.getState().loadAll();
  }, [store]);
  useEffect(() => {
    if (route.kind !== 'none' || vault.kind === 'loading') return;
    const fresh = vault.kind === 'ready' && vault.value.state === 'not-set-up';
    replace(
      fresh ? { kind: 'first-run', step: 'passphrase' } : { kind: 'section', section: DEFAULT_SECTION },
    );
  }, [route, vault, replace]);
  useEffect(() => {
    if (section === undefined) return;
    if (named.current) main.current?.focus();
    named.current = true;
  }, [section]);

  return (
    <div className="perch-options">
      <AppHeader subtitle="Settings" />
      {route.kind === 'none' ? (
        <main className="perch-options-main">
          <LoadState what="the vault" loadable={vault} />
        </main>
      ) : null}
      {route.kind === 'first-run' ? (
        <FirstRun
          store={store}
          step={route.step}
          go={(step) => {
            go({ kind: 'first-run', step });
          }}
          onFinish={() => {
            setFinished(true);
            go({ kind: 'section', section: DEFAULT_SECTION });
          }}
        />
      ) : null}
      {section === undefined ? null : (
        <div className="perch-options-layout">
          <OptionsNav current={section} />
          <main
            ref={main}
            className="perch-options-main"
            tabIndex={-1}
            aria-label={SECTIONS.find((item) => item.id === section)?.title}
          >
            {finished ? <p role="status">{SET_UP_WORDS}</p> : null}
            {vault.kind === 'ready' && vault.value.state === 'not-set-up' ? (
              <p className="perch-notice">
                Perch is not set up yet. <a href={stepHref('passphrase')}>Start the setup</a>: a passphrase,
                one exchange, its key and your watchlist, in about two minutes.
              </p>
            ) : null}
            <SectionPage section={section} store={store} readShortcuts={readShortcuts} />
          </main>
        </div>
      )}
      <footer className="perch-options-footer perch-muted">
        Version <strong data-testid="extension-version">{version}</strong>
      </footer>
    </div>
  );
}

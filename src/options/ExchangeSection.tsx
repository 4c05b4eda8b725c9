import { useState } from 'react';
import { useStore } from 'zustand';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { ConnectionTest } from './ConnectionTest';
import { EMPTY_DRAFT, type ExchangeId } from './credential-draft';
import { CredentialsForm } from './CredentialsForm';
import { LoadState } from './LoadState';
import { ProfileForm } from './ProfileForm';
import type { OptionsStore } from './store';

/** One exchange: where its traffic goes, its API key, and a test of both. */
export function ExchangeSection({
  store,
  exchange,
}: {
  readonly store: OptionsStore;
  readonly exchange: ExchangeId;
}) {
  const name = EXCHANGE_NAMES[exchange];
  const vault = useStore(store, (state) => state.vault);
  const profiles = useStore(store, (state) => state.profiles);
  // Held here, above the forms, so a refused save or a vault change never loses what was typed.
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const headingId = `${exchange}-heading`;
  const profile =
    profiles.kind === 'ready' ? profiles.value.profiles.find((p) => p.exchange === exchange) : undefined;
  const choices =
    profiles.kind === 'ready' ? profiles.value.choices.find((c) => c.exchange === exchange) : undefined;
  return (
    <section className="perch-section" aria-labelledby={headingId} data-exchange={exchange}>
      <h2 id={headingId}>{name}</h2>
      <LoadState what={`the ${name} connection`} loadable={profiles} />
      {profile === undefined || choices === undefined ? null : (
        <ProfileForm store={store} profile={profile} choices={choices} />
      )}
      <h3>API key</h3>
      {vault.kind === 'ready' ? (
        <CredentialsForm
          store={store}
          exchange={exchange}
          vaultState={vault.value.state}
          maskedKey={vault.value.credentials.find((c) => c.exchange === exchange)?.maskedKey}
          draft={draft}
          onDraft={setDraft}
        />
      ) : (
        <p>Keys are shown once the vault answers.</p>
      )}
      <ConnectionTest store={store} exchange={exchange} draft={draft} />
    </section>
  );
}

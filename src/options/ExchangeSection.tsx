import { useStore } from 'zustand';
import { EXCHANGE_NAMES, type ExchangeId } from '../contracts/vocabulary';
import { ConnectionTest } from './ConnectionTest';
import { ExchangeForm } from './ExchangeForm';
import { LoadState } from './LoadState';
import type { OptionsStore } from './store';

/** The saved key of one exchange, masked, and the vault's state, as the forms need them. */
export function useExchangeKey(store: OptionsStore, exchange: ExchangeId) {
  const vault = useStore(store, (state) => state.vault);
  const profiles = useStore(store, (state) => state.profiles);
  const ready = profiles.kind === 'ready' ? profiles.value : undefined;
  return {
    profiles,
    profile: ready?.profiles.find((item) => item.exchange === exchange),
    choices: ready?.choices.find((item) => item.exchange === exchange),
    vaultState: vault.kind === 'ready' ? vault.value.state : undefined,
    maskedKey:
      vault.kind === 'ready'
        ? vault.value.credentials.find((item) => item.exchange === exchange)?.maskedKey
        : undefined,
  };
}

/**
 * One exchange: its account form (one Save), then a test of the saved key, offered only once there is one
 * and the vault is unlocked to use it.
 */
export function ExchangeSection({
  store,
  exchange,
}: {
  readonly store: OptionsStore;
  readonly exchange: ExchangeId;
}) {
  const name = EXCHANGE_NAMES[exchange];
  const { profiles, profile, choices, vaultState, maskedKey } = useExchangeKey(store, exchange);
  const headingId = `${exchange}-heading`;
  return (
    <section className="perch-section perch-card" aria-labelledby={headingId} data-exchange={exchange}>
      <h3 id={headingId}>{name}</h3>
      <LoadState what={`the ${name} connection`} loadable={profiles} />
      {profile === undefined || choices === undefined ? null : (
        <ExchangeForm
          store={store}
          profile={profile}
          choices={choices}
          vaultState={vaultState}
          maskedKey={maskedKey}
        />
      )}
      {vaultState === 'unlocked' && maskedKey !== undefined ? (
        <ConnectionTest store={store} exchange={exchange} />
      ) : null}
    </section>
  );
}

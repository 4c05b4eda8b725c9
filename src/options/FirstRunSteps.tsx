import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { EXCHANGE_IDS, EXCHANGE_NAMES, type ExchangeId } from '../contracts/vocabulary';
import { SegmentedControl } from '../ui/SegmentedControl';
import { ConnectionTest } from './ConnectionTest';
import { ExchangeForm } from './ExchangeForm';
import { useExchangeKey } from './ExchangeSection';
import { KeySteps } from './KeyPermissionsSection';
import { LoadState } from './LoadState';
import { stepHref, type FirstRunStepId } from './routes';
import type { OptionsStore } from './store';
import { UnlockForm } from './VaultForms';

export type GoToStep = (step: FirstRunStepId) => void;

/** A step's way on without doing it: to a later step, said in words. */
export function SkipLink({ to, children }: { readonly to: FirstRunStepId; readonly children: ReactNode }) {
  return (
    <a className="perch-skip" href={stepHref(to)}>
      {children}
    </a>
  );
}

/** Step 2: which exchange, where to make its key and with what, then the account form (one Save). */
export function ExchangeStep({
  store,
  exchange,
  onExchange,
  go,
}: {
  readonly store: OptionsStore;
  readonly exchange: ExchangeId;
  readonly onExchange: (exchange: ExchangeId) => void;
  readonly go: GoToStep;
}) {
  const name = EXCHANGE_NAMES[exchange];
  const { profiles, profile, choices, vaultState, maskedKey } = useExchangeKey(store, exchange);
  const keySaved = () => {
    const { vault } = store.getState();
    return vault.kind === 'ready' && vault.value.credentials.some((item) => item.exchange === exchange);
  };
  return (
    <>
      <SegmentedControl
        label="Which exchange do you trade on?"
        labelVisible
        value={exchange}
        segments={EXCHANGE_IDS.map((id) => ({ value: id, label: EXCHANGE_NAMES[id] }))}
        onChange={onExchange}
      />
      <p className="perch-muted perch-field-words">Add one now, the other later under Accounts.</p>
      <h3>Make a key on {name}</h3>
      <p>A read-only key is enough to watch your positions; add trading when you want Perch to close them.</p>
      <KeySteps exchange={exchange} />
      <h3>Save it in Perch</h3>
      <LoadState what={`the ${name} connection`} loadable={profiles} />
      {profile === undefined || choices === undefined ? null : (
        <ExchangeForm
          key={exchange}
          store={store}
          profile={profile}
          choices={choices}
          vaultState={vaultState}
          maskedKey={maskedKey}
          onSaved={() => {
            if (keySaved()) go('test');
          }}
        />
      )}
      <p>
        <SkipLink to="watchlist">Skip: add a key later under Accounts</SkipLink>
      </p>
    </>
  );
}

/** Step 3: what the saved key may do, asked of the exchange at once and said in words. */
export function TestStep({
  store,
  picked,
  go,
}: {
  readonly store: OptionsStore;
  readonly picked: ExchangeId;
  readonly go: GoToStep;
}) {
  const vault = useStore(store, (state) => state.vault);
  const saved = vault.kind === 'ready' ? vault.value.credentials.map((item) => item.exchange) : [];
  const exchange = saved.includes(picked) ? picked : saved[0];
  const unlocked = vault.kind === 'ready' && vault.value.state === 'unlocked';
  return (
    <>
      <LoadState what="the vault" loadable={vault} />
      {vault.kind === 'ready' && vault.value.state === 'locked' ? <UnlockForm store={store} /> : null}
      {vault.kind === 'ready' && exchange === undefined ? (
        <p>
          No key is saved yet: <a href={stepHref('exchange')}>add one</a>, or go on and add it later.
        </p>
      ) : null}
      {unlocked && exchange !== undefined ? (
        <>
          <p>Perch asks {EXCHANGE_NAMES[exchange]} what this key may do, and whether your clock agrees.</p>
          <ConnectionTest store={store} exchange={exchange} runAtOnce />
        </>
      ) : null}
      <button
        type="button"
        className="perch-primary"
        onClick={() => {
          go('watchlist');
        }}
      >
        Continue
      </button>
    </>
  );
}

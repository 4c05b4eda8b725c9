import { useState } from 'react';
import { useStore } from 'zustand';
import { EXCHANGE_NAMES, type ExchangeId } from '../contracts/vocabulary';
import { Dialog } from '../ui/Dialog';
import { ConfirmDialog } from './ConfirmDialog';
import { FormAlert } from './FormAlert';
import { LoadState } from './LoadState';
import { stepHref } from './routes';
import type { OptionsStore, VaultStatus } from './store';
import { useAction } from './use-action';
import { AutoLockForm, ChangePassphraseForm, SetUpForm, UnlockForm } from './VaultForms';

function Unlocked({ store, status }: { readonly store: OptionsStore; readonly status: VaultStatus }) {
  const { pending, failure, run } = useAction();
  return (
    <>
      <p>The vault is unlocked. It locks itself after {status.autoLockMinutes} minutes without use.</p>
      <button
        type="button"
        disabled={pending}
        onClick={() => void run(() => store.getState().changeVault('vaultLock', {}))}
      >
        Lock now
      </button>
      <FormAlert message={failure?.message} />
      <AutoLockForm store={store} minutes={status.autoLockMinutes} />
    </>
  );
}

function ForgetKeys({ store, exchange }: { readonly store: OptionsStore; readonly exchange: ExchangeId }) {
  const name = EXCHANGE_NAMES[exchange];
  const [asking, setAsking] = useState(false);
  const { pending, failure, run } = useAction();
  return (
    <li>
      <span>Remove the {name} key from this browser.</span>
      <button
        type="button"
        className="perch-danger"
        onClick={() => {
          setAsking(true);
        }}
      >
        Forget {name} keys…
      </button>
      <ConfirmDialog
        open={asking}
        title={`Forget the ${name} keys?`}
        words={`Perch deletes the ${name} key from its vault. It stops reading and trading your ${name} account until you save a key again; the key itself stays valid on ${name}.`}
        action={`Forget ${name} keys`}
        pending={pending}
        failure={failure?.message}
        onConfirm={() =>
          void run(async () => {
            await store.getState().changeVault('vaultForget', { exchange });
            setAsking(false);
          })
        }
        onClose={() => {
          setAsking(false);
        }}
      />
    </li>
  );
}

/** What cannot be undone, apart from the rest and asked twice: a new passphrase, forgetting a key. */
function DangerZone({ store, status }: { readonly store: OptionsStore; readonly status: VaultStatus }) {
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  return (
    <section className="perch-section perch-danger-zone" aria-labelledby="danger-zone-heading">
      <h3 id="danger-zone-heading">Danger zone</h3>
      <ul className="perch-rows">
        <li>
          <span>A new passphrase for the vault: the old one stops working at once.</span>
          <button
            type="button"
            className="perch-danger"
            onClick={() => {
              setChanged(false);
              setChanging(true);
            }}
          >
            Change passphrase…
          </button>
        </li>
        {status.credentials.map(({ exchange }) => (
          <ForgetKeys key={exchange} store={store} exchange={exchange} />
        ))}
      </ul>
      {changed ? <p role="status">Passphrase changed.</p> : null}
      {changing ? (
        <Dialog
          title="Change passphrase"
          onClose={() => {
            setChanging(false);
          }}
        >
          <ChangePassphraseForm
            store={store}
            onChanged={() => {
              setChanging(false);
              setChanged(true);
            }}
            onCancel={() => {
              setChanging(false);
            }}
          />
        </Dialog>
      ) : null}
    </section>
  );
}

/** The vault: create it, unlock it, or (unlocked) lock it and set its auto-lock; then the danger zone. */
export function SecuritySection({ store }: { readonly store: OptionsStore }) {
  const vault = useStore(store, (state) => state.vault);
  const state = vault.kind === 'ready' ? vault.value.state : undefined;
  return (
    <>
      <section className="perch-section" aria-labelledby="vault-heading">
        <h3 id="vault-heading">Vault</h3>
        <LoadState what="the vault" loadable={vault} />
        {state === 'not-set-up' ? (
          <>
            <p>
              No passphrase yet. <a href={stepHref('passphrase')}>Start the setup</a> or create one here.
            </p>
            <SetUpForm store={store} />
          </>
        ) : null}
        {state === 'locked' ? <UnlockForm store={store} /> : null}
        {vault.kind === 'ready' && state === 'unlocked' ? (
          <Unlocked store={store} status={vault.value} />
        ) : null}
      </section>
      {vault.kind === 'ready' && state === 'unlocked' ? (
        <DangerZone store={store} status={vault.value} />
      ) : null}
    </>
  );
}

import { useState } from 'react';
import { useStore } from 'zustand';
import { MAX_AUTO_LOCK_MINUTES } from '../contracts/vault';
import { FormAlert } from './FormAlert';
import { LoadState } from './LoadState';
import { useNewPassphrase } from './new-passphrase';
import type { OptionsStore, VaultStatus } from './store';
import { SecretField, TextField } from '../ui/TextField';
import { failureAt, failureElsewhere, onSubmitted, useAction } from './use-action';

/** The range the background accepts for auto-lock: 1 minute to a day. */
const AUTO_LOCK_WORDS = `Auto-lock takes a whole number of minutes from 1 to ${String(MAX_AUTO_LOCK_MINUTES)} (24 hours).`;

function SetUpForm({ store }: { readonly store: OptionsStore }) {
  const passphrase = useNewPassphrase(store.getState().passphraseRule);
  const { pending, failure, run } = useAction();
  const setUp = () => {
    if (passphrase.confirmed())
      void run(() => store.getState().changeVault('vaultSetUp', { passphrase: passphrase.value }));
  };
  return (
    <form aria-label="Set up the vault" onSubmit={onSubmitted(setUp)}>
      <p>Choose a passphrase. Perch encrypts your API keys with it; it is never stored.</p>
      {passphrase.fields(failureAt(failure, 'WeakPassphraseError'))}
      <FormAlert message={failureElsewhere(failure, 'WeakPassphraseError')} />
      <button type="submit" disabled={pending}>
        {pending ? 'Setting up…' : 'Set up the vault'}
      </button>
    </form>
  );
}

function UnlockForm({ store }: { readonly store: OptionsStore }) {
  const [passphrase, setPassphrase] = useState('');
  const { pending, failure, run } = useAction();
  const unlock = () => void run(() => store.getState().changeVault('vaultUnlock', { passphrase }));
  return (
    <form aria-label="Unlock the vault" onSubmit={onSubmitted(unlock)}>
      <p>The vault is locked.</p>
      <SecretField
        label="Passphrase"
        value={passphrase}
        onChange={setPassphrase}
        problem={failureAt(failure, 'WrongPassphraseError')}
      />
      <FormAlert message={failureElsewhere(failure, 'WrongPassphraseError')} />
      <button type="submit" disabled={pending}>
        {pending ? 'Unlocking…' : 'Unlock'}
      </button>
    </form>
  );
}

function ChangePassphraseForm({ store }: { readonly store: OptionsStore }) {
  const [current, setCurrent] = useState('');
  const next = useNewPassphrase(store.getState().passphraseRule);
  const [changed, setChanged] = useState(false);
  const { pending, failure, run } = useAction();
  const change = () => {
    setChanged(false);
    if (!next.confirmed()) return;
    void run(async () => {
      await store.getState().changeVault('vaultChangePassphrase', { current, next: next.value });
      setCurrent('');
      next.clear();
      setChanged(true);
    });
  };
  return (
    <form aria-label="Change passphrase" onSubmit={onSubmitted(change)}>
      <h3>Change passphrase</h3>
      <SecretField
        label="Current passphrase"
        value={current}
        onChange={setCurrent}
        problem={failureAt(failure, 'WrongPassphraseError')}
      />
      {next.fields(failureAt(failure, 'WeakPassphraseError'))}
      <FormAlert message={failureElsewhere(failure, 'WrongPassphraseError', 'WeakPassphraseError')} />
      {changed ? <p role="status">Passphrase changed.</p> : null}
      <button type="submit" disabled={pending}>
        {pending ? 'Changing…' : 'Change passphrase'}
      </button>
    </form>
  );
}

function AutoLockForm({ store, minutes }: { readonly store: OptionsStore; readonly minutes: number }) {
  const [typed, setTyped] = useState(String(minutes));
  const [invalid, setInvalid] = useState(false);
  const { pending, failure, run } = useAction();
  const save = () => {
    const value = Number(typed);
    const valid = Number.isInteger(value) && value >= 1 && value <= MAX_AUTO_LOCK_MINUTES;
    setInvalid(!valid);
    if (valid) void run(() => store.getState().changeVault('vaultSetAutoLock', { minutes: value }));
  };
  return (
    <form
      aria-label="Auto-lock"
      // Perch's own words say what is wrong, rather than the browser's bubble.
      noValidate
      onSubmit={onSubmitted(save)}
    >
      <TextField
        label="Lock after this many minutes without use"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_AUTO_LOCK_MINUTES}
        step={1}
        value={typed}
        onChange={setTyped}
        problem={invalid ? AUTO_LOCK_WORDS : failure?.message}
      />
      <button type="submit" disabled={pending}>
        Save auto-lock
      </button>
    </form>
  );
}

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
      <ChangePassphraseForm store={store} />
    </>
  );
}

/** The vault: set it up, unlock it, or (unlocked) lock it, set its auto-lock and change its passphrase. */
export function VaultSection({ store }: { readonly store: OptionsStore }) {
  const vault = useStore(store, (state) => state.vault);
  return (
    <section className="perch-section" aria-labelledby="vault-heading">
      <h2 id="vault-heading">Vault</h2>
      <LoadState what="the vault" loadable={vault} />
      {vault.kind === 'ready' && vault.value.state === 'not-set-up' ? <SetUpForm store={store} /> : null}
      {vault.kind === 'ready' && vault.value.state === 'locked' ? <UnlockForm store={store} /> : null}
      {vault.kind === 'ready' && vault.value.state === 'unlocked' ? (
        <Unlocked store={store} status={vault.value} />
      ) : null}
    </section>
  );
}

import { useState } from 'react';
import { MAX_AUTO_LOCK_MINUTES } from '../contracts/vault';
import { FormAlert } from './FormAlert';
import { useNewPassphrase } from './new-passphrase';
import type { OptionsStore } from './store';
import { SecretField, TextField } from '../ui/TextField';
import { failureAt, failureElsewhere, onSubmitted, useAction } from './use-action';

/** The range the background accepts for auto-lock: 1 minute to a day. */
const AUTO_LOCK_WORDS = `Auto-lock takes a whole number of minutes from 1 to ${String(MAX_AUTO_LOCK_MINUTES)} (24 hours).`;

/** Creates the vault with a new passphrase typed twice; `onSetUp` runs once it exists. */
export function SetUpForm({
  store,
  onSetUp,
}: {
  readonly store: OptionsStore;
  readonly onSetUp?: () => void;
}) {
  const passphrase = useNewPassphrase(store.getState().passphraseRule);
  const { pending, failure, run } = useAction();
  const setUp = () => {
    if (passphrase.confirmed())
      void run(async () => {
        await store.getState().changeVault('vaultSetUp', { passphrase: passphrase.value });
        onSetUp?.();
      });
  };
  return (
    <form aria-label="Create your passphrase" onSubmit={onSubmitted(setUp)}>
      <p>
        Perch encrypts your API keys with this passphrase and never stores it. You type it again when the
        vault locks itself; if you lose it, you save your keys again under a new one.
      </p>
      {passphrase.fields(failureAt(failure, 'WeakPassphraseError'))}
      <FormAlert message={failureElsewhere(failure, 'WeakPassphraseError')} />
      <button type="submit" className="perch-primary" disabled={pending}>
        {pending ? 'Creating…' : 'Create passphrase'}
      </button>
    </form>
  );
}

/** Unlocks the vault with its passphrase; a wrong one is said at the field. */
export function UnlockForm({ store }: { readonly store: OptionsStore }) {
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
      <button type="submit" className="perch-primary" disabled={pending}>
        {pending ? 'Unlocking…' : 'Unlock'}
      </button>
    </form>
  );
}

/** A new passphrase for the vault, given the current one; `onChanged` runs once the vault took it. */
export function ChangePassphraseForm({
  store,
  onChanged,
  onCancel,
}: {
  readonly store: OptionsStore;
  readonly onChanged: () => void;
  readonly onCancel: () => void;
}) {
  const [current, setCurrent] = useState('');
  const next = useNewPassphrase(store.getState().passphraseRule);
  const { pending, failure, run } = useAction();
  const change = () => {
    if (!next.confirmed()) return;
    void run(async () => {
      await store.getState().changeVault('vaultChangePassphrase', { current, next: next.value });
      onChanged();
    });
  };
  return (
    <form aria-label="Change passphrase" onSubmit={onSubmitted(change)}>
      <SecretField
        label="Current passphrase"
        value={current}
        onChange={setCurrent}
        problem={failureAt(failure, 'WrongPassphraseError')}
      />
      {next.fields(failureAt(failure, 'WeakPassphraseError'))}
      <FormAlert message={failureElsewhere(failure, 'WrongPassphraseError', 'WeakPassphraseError')} />
      <div className="perch-dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="perch-danger" disabled={pending}>
          {pending ? 'Changing…' : 'Change passphrase'}
        </button>
      </div>
    </form>
  );
}

/** How long the vault stays unlocked without use. */
export function AutoLockForm({ store, minutes }: { readonly store: OptionsStore; readonly minutes: number }) {
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
      className="perch-short-fields"
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

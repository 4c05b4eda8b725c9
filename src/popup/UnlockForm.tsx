import { useId, useState, type SyntheticEvent } from 'react';
import { useStore } from 'zustand';
import type { PopupStore } from './store';

/** The locked vault: the passphrase unlocks it here; a wrong one is said at the field, the text kept. */
export function UnlockForm({ store }: { store: PopupStore }) {
  const { pending, error } = useStore(store, (state) => state.unlock);
  const [passphrase, setPassphrase] = useState('');
  const fieldId = useId();
  const errorId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void store.getState().unlockVault(passphrase);
  };
  return (
    <form className="perch-unlock" aria-label="Unlock Perch" onSubmit={submit}>
      <p>Perch is locked. Enter your passphrase to see your positions.</p>
      <label htmlFor={fieldId}>Passphrase</label>
      <div className="perch-unlock-row">
        <input
          id={fieldId}
          type="password"
          autoComplete="current-password"
          value={passphrase}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : errorId}
          onChange={(event) => {
            setPassphrase(event.target.value);
          }}
        />
        <button type="submit" disabled={pending || passphrase === ''}>
          {pending ? 'Unlocking…' : 'Unlock'}
        </button>
      </div>
      {error === undefined ? null : (
        <p id={errorId} className="perch-problem" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

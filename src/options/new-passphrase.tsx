import { useState } from 'react';
import { SecretField } from './TextField';

const MISMATCH = 'The two passphrases differ: type the same new passphrase twice.';

/**
 * A new vault passphrase, typed twice. `confirmed()` says whether both match (the confirm field says
 * so when they do not); `fields` renders both, with the background's refusal at the first.
 */
export function useNewPassphrase() {
  const [value, setValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  return {
    value,
    confirmed() {
      setMismatch(value !== confirm);
      return value === confirm;
    },
    clear() {
      setValue('');
      setConfirm('');
    },
    fields: (refused: string | undefined) => (
      <>
        <SecretField label="New passphrase" value={value} onChange={setValue} problem={refused} />
        <SecretField
          label="Confirm new passphrase"
          value={confirm}
          onChange={setConfirm}
          problem={mismatch ? MISMATCH : undefined}
        />
      </>
    ),
  };
}

import { useDeferredValue, useMemo, useState } from 'react';
import { MIN_PASSPHRASE_LENGTH, type PassphraseRule } from '../contracts/passphrase-rule';
import { SecretField } from '../ui/TextField';
import { usePassphraseRule } from './use-passphrase-rule';

const MISMATCH = 'The two passphrases differ: type the same new passphrase twice.';
const HINT = `${String(MIN_PASSPHRASE_LENGTH)} characters or more. A few unrelated words make a strong passphrase.`;

/**
 * A new vault passphrase, typed twice, judged by the worker's own rule as it is typed (the verdict is read with the
 * field and announced as it changes). `confirmed()` says whether it may be sent: the rule accepts it (or has not
 * loaded: the worker judges it anyway) and both fields match; otherwise the field that is wrong says why.
 * `fields` renders both, with the background's refusal, if any, at the first.
 */
export function useNewPassphrase(loadRule: () => Promise<PassphraseRule>) {
  const [value, setValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  // The submit refused this passphrase: its verdict shows as the field's problem until it is edited.
  const [refused, setRefused] = useState(false);
  const rule = usePassphraseRule(loadRule, value !== '');
  // Judging takes a few milliseconds a keystroke: typing never waits for it.
  const judged = useDeferredValue(value);
  const verdict = useMemo(
    () => (rule === undefined || judged === '' ? undefined : rule(judged)),
    [rule, judged],
  );
  const edit = (next: string) => {
    setValue(next);
    setRefused(false);
  };
  return {
    value,
    confirmed() {
      const current = rule?.(value);
      const weak = current !== undefined && !current.accepted;
      setRefused(weak);
      setMismatch(value !== confirm);
      return !weak && value === confirm;
    },
    clear() {
      setValue('');
      setConfirm('');
    },
    fields: (refusedByWorker: string | undefined) => (
      <>
        <SecretField
          label="New passphrase"
          value={value}
          onChange={edit}
          problem={refusedByWorker ?? (refused ? verdict?.words : undefined)}
          status={verdict?.words ?? HINT}
        />
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

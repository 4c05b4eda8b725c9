import { useState } from 'react';
import type { CredentialProblems, SaveAudit, VaultState } from '../contracts/vault';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { AuditReport } from './AuditReport';
import { hasKeyPassphrase, EMPTY_DRAFT, type CredentialDraft, type ExchangeId } from './credential-draft';
import { FormAlert } from './FormAlert';
import type { OptionsStore } from './store';
import { SecretField, TextField } from '../ui/TextField';
import { onSubmitted, useAction } from './use-action';

interface Props {
  readonly store: OptionsStore;
  readonly exchange: ExchangeId;
  readonly vaultState: VaultState;
  readonly maskedKey: string | undefined;
  readonly draft: CredentialDraft;
  readonly onDraft: (draft: CredentialDraft) => void;
}

function SavedAudit({ audit, name }: { readonly audit: SaveAudit; readonly name: string }) {
  return audit.ran ? (
    <AuditReport audit={audit.result} label={`${name} key check`} />
  ) : (
    <p role="status">Keys saved; the key check did not run: {audit.reason}</p>
  );
}

/**
 * One exchange's API key form. Secrets are write-only: never prefilled, never shown back; the saved key
 * appears only masked. A refused save shows each problem at its field and keeps what was typed.
 */
export function CredentialsForm({ store, exchange, vaultState, maskedKey, draft, onDraft }: Props) {
  const name = EXCHANGE_NAMES[exchange];
  const [problems, setProblems] = useState<CredentialProblems>({});
  const [audit, setAudit] = useState<SaveAudit>();
  const { pending, failure, run } = useAction();
  const forget = useAction();
  const field = (key: keyof CredentialDraft) => (value: string) => {
    onDraft({ ...draft, [key]: value });
  };
  const save = () =>
    void run(async () => {
      setAudit(undefined);
      const result = await store.getState().saveCredentials({
        exchange,
        apiKey: draft.apiKey,
        secret: draft.secret,
        ...(hasKeyPassphrase(exchange) ? { passphrase: draft.passphrase } : {}),
      });
      if (!result.saved) {
        setProblems(result.problems);
        return;
      }
      setProblems({});
      setAudit(result.audit);
      onDraft(EMPTY_DRAFT);
    });

  const savedKey =
    maskedKey === undefined ? (
      <p>No {name} key saved.</p>
    ) : (
      <p>
        Saved key: <code data-testid={`${exchange}-masked-key`}>{maskedKey}</code>
      </p>
    );
  if (vaultState !== 'unlocked') {
    return (
      <div>
        {savedKey}
        <p>{vaultState === 'locked' ? 'Unlock to change keys.' : 'Set up the vault to save keys.'}</p>
      </div>
    );
  }
  return (
    <form aria-label={`${name} API key`} onSubmit={onSubmitted(save)}>
      {savedKey}
      <TextField
        label="API key"
        autoComplete="off"
        spellCheck={false}
        value={draft.apiKey}
        onChange={field('apiKey')}
        problem={problems.apiKey}
      />
      <SecretField
        label="Secret key"
        value={draft.secret}
        onChange={field('secret')}
        problem={problems.secret}
      />
      {hasKeyPassphrase(exchange) ? (
        <SecretField
          label="API key passphrase"
          value={draft.passphrase}
          onChange={field('passphrase')}
          problem={problems.passphrase}
        />
      ) : null}
      <FormAlert message={failure?.message ?? forget.failure?.message} />
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : `Save ${name} keys`}
      </button>
      {maskedKey === undefined ? null : (
        <button
          type="button"
          disabled={forget.pending}
          onClick={() =>
            void forget.run(async () => {
              await store.getState().changeVault('vaultForget', { exchange });
              setAudit(undefined);
            })
          }
        >
          Forget {name} keys
        </button>
      )}
      {audit === undefined ? null : <SavedAudit audit={audit} name={name} />}
    </form>
  );
}

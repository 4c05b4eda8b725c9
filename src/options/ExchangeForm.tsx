import { useState } from 'react';
import type { CredentialProblems, SaveAudit, VaultState } from '../contracts/vault';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { CheckField } from '../ui/ChoiceFields';
import { SecretField, TextField } from '../ui/TextField';
import { AuditReport } from './AuditReport';
import { EMPTY_DRAFT, hasKeyPassphrase, type CredentialDraft } from './credential-draft';
import { EnvironmentFields, type Choices, type Profile } from './EnvironmentFields';
import { FormAlert } from './FormAlert';
import type { OptionsStore } from './store';
import { onSubmitted, useAction } from './use-action';

interface Props {
  readonly store: OptionsStore;
  readonly profile: Profile;
  readonly choices: Choices;
  /** The vault's state; undefined while it has not answered. Keys are typed only into an unlocked vault. */
  readonly vaultState: VaultState | undefined;
  readonly maskedKey: string | undefined;
  /** Runs after a save that stored everything typed (the first-run path moves on). */
  readonly onSaved?: () => void;
}

const sameProfile = (a: Profile, b: Profile) =>
  a.enabled === b.enabled && a.environment === b.environment && a.region === b.region;

const typedAny = (draft: CredentialDraft) =>
  draft.apiKey !== '' || draft.secret !== '' || draft.passphrase !== '';

function SavedAudit({ audit, name }: { readonly audit: SaveAudit; readonly name: string }) {
  return audit.ran ? (
    <AuditReport audit={audit.result} label={`${name} key check`} />
  ) : (
    <p role="status">Key saved; the key check did not run: {audit.reason}</p>
  );
}

function KeyFields({
  props,
  draft,
  onDraft,
  problems,
}: {
  readonly props: Props;
  readonly draft: CredentialDraft;
  readonly onDraft: (draft: CredentialDraft) => void;
  readonly problems: CredentialProblems;
}) {
  const { profile, vaultState, maskedKey } = props;
  const name = EXCHANGE_NAMES[profile.exchange];
  const field = (key: keyof CredentialDraft) => (value: string) => {
    onDraft({ ...draft, [key]: value });
  };
  return (
    <fieldset>
      <legend>API key</legend>
      {maskedKey === undefined ? (
        <p>No {name} key saved.</p>
      ) : (
        <p>
          Saved key: <code data-testid={`${profile.exchange}-masked-key`}>{maskedKey}</code>
          {vaultState === 'unlocked' ? ' (type a new one below to replace it)' : null}
        </p>
      )}
      {vaultState === 'locked' ? <p>Unlock the vault (above) to change keys.</p> : null}
      {vaultState === 'not-set-up' ? (
        <p>Create your passphrase to save keys: Perch encrypts them with it.</p>
      ) : null}
      {vaultState === 'unlocked' ? (
        <>
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
          {hasKeyPassphrase(profile.exchange) ? (
            <SecretField
              label="API key passphrase"
              value={draft.passphrase}
              onChange={field('passphrase')}
              problem={problems.passphrase}
            />
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

/**
 * One exchange's account, saved with one button: whether Perch uses it, where its traffic goes, and its API
 * key. Secrets are write-only: never prefilled, never shown back; the saved key appears only masked. The
 * environment is saved before the key, so the key check runs where the key belongs. A refused save shows
 * each problem at its field and keeps what was typed.
 */
export function ExchangeForm(props: Props) {
  const { store, profile, choices, vaultState, onSaved } = props;
  const name = EXCHANGE_NAMES[profile.exchange];
  const [where, setWhere] = useState(profile);
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [problems, setProblems] = useState<CredentialProblems>({});
  const [audit, setAudit] = useState<SaveAudit>();
  const [saved, setSaved] = useState(false);
  const { pending, failure, run } = useAction();
  const save = () =>
    void run(async () => {
      setSaved(false);
      setAudit(undefined);
      if (!sameProfile(where, profile)) await store.getState().saveProfile(where);
      if (vaultState === 'unlocked' && typedAny(draft)) {
        const result = await store.getState().saveCredentials({
          exchange: profile.exchange,
          apiKey: draft.apiKey,
          secret: draft.secret,
          ...(hasKeyPassphrase(profile.exchange) ? { passphrase: draft.passphrase } : {}),
        });
        if (!result.saved) {
          setProblems(result.problems);
          return;
        }
        setAudit(result.audit);
        setDraft(EMPTY_DRAFT);
      }
      setProblems({});
      setSaved(true);
      onSaved?.();
    });
  return (
    <form aria-label={`${name} account`} onSubmit={onSubmitted(save)}>
      <CheckField
        label={`Use ${name}`}
        checked={where.enabled}
        onChange={(enabled) => {
          setSaved(false);
          setWhere({ ...where, enabled });
        }}
      />
      <EnvironmentFields
        profile={where}
        choices={choices}
        onChange={(next) => {
          setSaved(false);
          setWhere(next);
        }}
      />
      <KeyFields props={props} draft={draft} onDraft={setDraft} problems={problems} />
      <FormAlert message={failure?.message} />
      {saved ? <p role="status">{name} saved.</p> : null}
      <button type="submit" className="perch-primary" disabled={pending}>
        {pending ? 'Saving…' : `Save ${name}`}
      </button>
      {audit === undefined ? null : <SavedAudit audit={audit} name={name} />}
    </form>
  );
}

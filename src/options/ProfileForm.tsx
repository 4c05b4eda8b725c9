import { useState } from 'react';
import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { CheckField, SelectField } from '../ui/ChoiceFields';
import { FormAlert } from './FormAlert';
import type { OptionsStore, Profiles } from './store';
import { onSubmitted, useAction } from './use-action';

type Profile = Profiles['profiles'][number];
type Choices = Profiles['choices'][number];

const ENVIRONMENT_NAMES: Readonly<Record<string, string>> = {
  live: 'Live',
  testnet: 'Testnet',
  demo: 'Demo trading',
  // Only development builds offer the simulator.
  ...(WITH_DEVELOPMENT_PATHS ? { simulator: 'Local simulator' } : {}),
};

const environmentOf = (name: string): Profile['environment'] =>
  name === 'testnet' || name === 'demo' || (WITH_DEVELOPMENT_PATHS && name === 'simulator') ? name : 'live';

/** Whether Perch uses this exchange, and where its traffic goes (environment, region). */
export function ProfileForm({
  store,
  profile,
  choices,
}: {
  readonly store: OptionsStore;
  readonly profile: Profile;
  readonly choices: Choices;
}) {
  const name = EXCHANGE_NAMES[profile.exchange];
  const [draft, setDraft] = useState(profile);
  const [saved, setSaved] = useState(false);
  const { pending, failure, run } = useAction();
  const regions = choices.regions[draft.environment] ?? [];
  const change = (next: Partial<Profile>) => {
    setSaved(false);
    setDraft((old) => ({ ...old, ...next }));
  };
  const save = () =>
    void run(async () => {
      await store.getState().saveProfile(draft);
      setSaved(true);
    });
  return (
    <form aria-label={`${name} connection`} onSubmit={onSubmitted(save)}>
      <CheckField
        label={`Use ${name}`}
        checked={draft.enabled}
        onChange={(enabled) => {
          change({ enabled });
        }}
      />
      <SelectField
        label="Environment"
        value={draft.environment}
        choices={choices.environments.map((value) => ({ value, label: ENVIRONMENT_NAMES[value] ?? value }))}
        onChange={(picked) => {
          const environment = environmentOf(picked);
          const first = choices.regions[environment]?.[0];
          setSaved(false);
          // A region belongs to its environment: the new one starts at its first region, or none.
          setDraft((old) => ({
            exchange: old.exchange,
            enabled: old.enabled,
            environment,
            ...(first === undefined ? {} : { region: first }),
          }));
        }}
      />
      {regions.length === 0 ? null : (
        <SelectField
          label="Region"
          value={draft.region ?? regions[0] ?? ''}
          choices={regions.map((value) => ({ value, label: value }))}
          onChange={(region) => {
            change({ region });
          }}
        />
      )}
      <FormAlert message={failure?.message} />
      {saved ? <p role="status">{name} connection saved.</p> : null}
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : `Save ${name} connection`}
      </button>
    </form>
  );
}

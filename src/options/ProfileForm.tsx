import { useId, useState } from 'react';
import { EXCHANGE_NAMES } from '../contracts/vocabulary';
import { FormAlert } from './FormAlert';
import type { OptionsStore, Profiles } from './store';
import { onSubmitted, useAction } from './use-action';

type Profile = Profiles['profiles'][number];
type Choices = Profiles['choices'][number];

const ENVIRONMENT_NAMES: Readonly<Record<string, string>> = {
  live: 'Live',
  testnet: 'Testnet',
  demo: 'Demo trading',
  simulator: 'Local simulator',
};

const environmentOf = (name: string): Profile['environment'] =>
  name === 'testnet' || name === 'demo' || name === 'simulator' ? name : 'live';

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
  const ids = { environment: useId(), region: useId() };
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
      <label className="perch-check">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => {
            change({ enabled: event.target.checked });
          }}
        />
        Use {name}
      </label>
      <div className="perch-field">
        <label htmlFor={ids.environment}>Environment</label>
        <select
          id={ids.environment}
          value={draft.environment}
          onChange={(event) => {
            const environment = environmentOf(event.target.value);
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
        >
          {choices.environments.map((environment) => (
            <option key={environment} value={environment}>
              {ENVIRONMENT_NAMES[environment] ?? environment}
            </option>
          ))}
        </select>
      </div>
      {regions.length === 0 ? null : (
        <div className="perch-field">
          <label htmlFor={ids.region}>Region</label>
          <select
            id={ids.region}
            value={draft.region ?? regions[0]}
            onChange={(event) => {
              change({ region: event.target.value });
            }}
          >
            {regions.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </select>
        </div>
      )}
      <FormAlert message={failure?.message} />
      {saved ? <p role="status">{name} connection saved.</p> : null}
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : `Save ${name} connection`}
      </button>
    </form>
  );
}

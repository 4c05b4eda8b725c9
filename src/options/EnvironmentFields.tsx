import { WITH_DEVELOPMENT_PATHS } from '../contracts/development-paths';
import { SelectField } from '../ui/ChoiceFields';
import { SegmentedControl } from '../ui/SegmentedControl';
import { ENVIRONMENT_WORDS, REGION_WORDS, regionName } from './exchange-words';
import type { Profiles } from './store';

export type Profile = Profiles['profiles'][number];
export type Choices = Profiles['choices'][number];

const environmentOf = (name: string): Profile['environment'] =>
  name === 'testnet' || name === 'demo' || (WITH_DEVELOPMENT_PATHS && name === 'simulator') ? name : 'live';

const EXCHANGE_ENVIRONMENTS: ReadonlySet<string> = new Set(['live', 'demo', 'testnet']);

/** Up to this many regions sit side by side as segments; a longer list (Bybit's) is a drop-down. */
const SEGMENTED_REGIONS_MAX = 4;

/** The environment and region of one exchange, each a choice in view, explained in words under it. */
export function EnvironmentFields({
  profile,
  choices,
  onChange,
}: {
  readonly profile: Profile;
  readonly choices: Choices;
  readonly onChange: (profile: Profile) => void;
}) {
  const regions = choices.regions[profile.environment] ?? [];
  // Only development builds offer the simulator; a store build names only the exchanges' own environments.
  const environments = WITH_DEVELOPMENT_PATHS
    ? choices.environments
    : choices.environments.filter((name) => EXCHANGE_ENVIRONMENTS.has(name));
  const regionChoices = regions.map((value) => ({ value, label: regionName(profile.exchange, value) }));
  const region = profile.region ?? regions[0] ?? '';
  const pickRegion = (picked: string) => {
    onChange({ ...profile, region: picked });
  };
  return (
    <>
      <SegmentedControl
        label="Environment"
        labelVisible
        value={profile.environment}
        segments={environments.map((value) => ({ value, label: ENVIRONMENT_WORDS[value]?.name ?? value }))}
        onChange={(picked) => {
          const environment = environmentOf(picked);
          const first = choices.regions[environment]?.[0];
          // A region belongs to its environment: the new one starts at its first region, or none.
          onChange({
            exchange: profile.exchange,
            enabled: profile.enabled,
            environment,
            ...(first === undefined ? {} : { region: first }),
          });
        }}
      />
      <p className="perch-muted perch-field-words">{ENVIRONMENT_WORDS[profile.environment]?.words}</p>
      {regions.length === 0 ? null : (
        <>
          {regions.length <= SEGMENTED_REGIONS_MAX ? (
            <SegmentedControl
              label="Region"
              labelVisible
              value={region}
              segments={regionChoices}
              onChange={pickRegion}
            />
          ) : (
            <SelectField label="Region" value={region} choices={regionChoices} onChange={pickRegion} />
          )}
          <p className="perch-muted perch-field-words">{REGION_WORDS}</p>
        </>
      )}
    </>
  );
}

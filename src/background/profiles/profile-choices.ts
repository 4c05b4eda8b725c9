import type { ExchangeId } from '../../exchanges';
import { environmentsFor, regionsFor } from './profile-rules';

export interface ProfileChoices {
  readonly exchange: ExchangeId;
  readonly environments: string[];
  readonly regions: Record<string, string[]>;
}

/** What the options page may offer for `exchange` in this build: environments, and regions per environment. */
export function profileChoices(exchange: ExchangeId, buildMode: string): ProfileChoices {
  const environments = environmentsFor(exchange, buildMode);
  const regions = Object.fromEntries(
    environments
      .map((environment): [string, string[]] => [environment, [...regionsFor(exchange, environment)]])
      .filter(([, list]) => list.length > 0),
  );
  return { exchange, environments: [...environments], regions };
}

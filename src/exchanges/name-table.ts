import { ConfigError, InvalidResponseError } from './errors';

/**
 * A two-way table between a neutral name (InstrumentKind, PositionSlot) and an exchange's own. A name a
 * caller passes that the exchange lacks is a ConfigError listing the valid ones; a name the exchange
 * sends that the table lacks is an InvalidResponseError. Neither is ever replaced by a default.
 */
export interface NameTable<Ours extends string, Theirs extends string> {
  theirs(ours: string): Theirs;
  ours(theirs: string): Ours;
}

export function createNameTable<Ours extends string, Theirs extends string>(
  label: string,
  what: string,
  table: Readonly<Record<Ours, Theirs>>,
): NameTable<Ours, Theirs> {
  const forward = new Map<string, Theirs>(Object.entries<Theirs>(table));
  const back = new Map<string, Ours>(
    // Object.entries widens the keys to string; they are the table's own Ours keys.
    Object.entries<Theirs>(table).map(([ours, theirs]) => [theirs, ours as Ours]),
  );
  return {
    theirs: (ours) => {
      const found = forward.get(ours);
      if (found !== undefined) return found;
      const valid = [...forward.keys()];
      throw new ConfigError(`${label} has no ${what} "${ours}". Valid choices: ${valid.join(', ')}.`, valid);
    },
    ours: (theirs) => {
      const found = back.get(theirs);
      if (found !== undefined) return found;
      throw new InvalidResponseError(
        `${label} data`,
        200,
        `${what} "${theirs}" is not one of ${[...back.keys()].join(', ')}`,
        theirs,
      );
    },
  };
}

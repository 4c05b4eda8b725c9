import { instrumentKey } from '../../contracts/instrument-key';
import type { WantedInstrument } from '../../contracts/ports';
import type { InstrumentRef } from '../../exchanges';

export function toInstrumentRef(instrument: WantedInstrument): InstrumentRef {
  const { kind, symbol, contractType } = instrument;
  return contractType === undefined ? { kind, symbol } : { kind, symbol, contractType };
}

/** Each instrument once, first mention kept. */
export function uniqueInstruments(lists: Iterable<readonly WantedInstrument[]>): WantedInstrument[] {
  const byKey = new Map<string, WantedInstrument>();
  for (const list of lists)
    for (const item of list) if (!byKey.has(instrumentKey(item))) byKey.set(instrumentKey(item), item);
  return [...byKey.values()];
}

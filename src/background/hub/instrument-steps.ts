import type { PortQuote, WantedInstrument } from '../../contracts/ports';
import type { Exchange, Instrument } from '../../exchanges';
import type { InstrumentLists } from '../market/instrument-lists';

export type InstrumentSteps = Pick<PortQuote, 'tickSize' | 'lotSize' | 'minSize'>;

/**
 * The price and size steps a quote is sent with, so a screen can round prices and sizes the way the
 * exchange does, and refuse a part close below the smallest order before sending it. Never waits: until the instrument's list has arrived (or while it cannot be fetched)
 * a quote goes out without them.
 */
export function createInstrumentSteps(lists: InstrumentLists) {
  const bySymbol = new WeakMap<readonly Instrument[], Map<string, Instrument>>();

  function indexed(list: readonly Instrument[]): Map<string, Instrument> {
    let index = bySymbol.get(list);
    if (index === undefined) {
      index = new Map(list.map((instrument) => [instrument.id, instrument]));
      bySymbol.set(list, index);
    }
    return index;
  }

  return {
    of(from: Exchange, instrument: WantedInstrument): InstrumentSteps {
      const list = lists.known(from, instrument.kind);
      const found = list === undefined ? undefined : indexed(list).get(instrument.symbol);
      return found === undefined
        ? {}
        : { tickSize: found.tickSize, lotSize: found.lotSize, minSize: found.minSize };
    },
  };
}

export type InstrumentStepsSource = ReturnType<typeof createInstrumentSteps>;

import { ConfigError } from '../errors';
import type { Instrument, InstrumentRef } from '../model';
import { createPromiseCache } from '../promise-cache';
import { mapBybitInstrument } from './map';
import type { BybitApi, BybitCategory } from './rest-api';
import { bybitCategoryOf } from './vocabulary';

export interface BybitInstruments {
  /** Every instrument of one category (all pages), fetched once and kept, or again when `refresh`. */
  ofCategory(category: BybitCategory, refresh?: boolean): Promise<Instrument[]>;
  /**
   * The category a reference lives in. A perpetual or future without its contract type is looked up
   * in the linear, then the inverse list; a symbol in neither is refused.
   */
  categoryOf(ref: InstrumentRef): Promise<BybitCategory>;
}

export function createBybitInstruments(api: BybitApi): BybitInstruments {
  const cache = createPromiseCache(fetchAll);

  async function fetchAll(category: BybitCategory): Promise<Instrument[]> {
    const mapped: Instrument[] = [];
    // Linear and inverse have more than one page of 500 (docs/protocol.md "Bybit instruments and tickers").
    for (let cursor: string | undefined = undefined; ;) {
      const page = await api.getInstruments({
        category,
        limit: 1000,
        ...(cursor === undefined ? {} : { cursor }),
      });
      mapped.push(...page.data.list.map((raw) => mapBybitInstrument(raw, category)));
      cursor = page.data.nextPageCursor;
      if (cursor === undefined || cursor === '' || page.data.list.length === 0) return mapped;
    }
  }

  const ofCategory = (category: BybitCategory, refresh = false): Promise<Instrument[]> =>
    refresh ? cache.reload(category) : cache.get(category);

  return {
    ofCategory,
    categoryOf: async (ref) => {
      const direct = bybitCategoryOf(ref);
      if (direct !== undefined) return direct;
      for (const category of ['linear', 'inverse'] as const) {
        const list = await ofCategory(category);
        if (list.some((instrument) => instrument.id === ref.symbol && instrument.kind === ref.kind))
          return category;
      }
      throw new ConfigError(
        `Bybit lists no ${ref.kind} "${ref.symbol}" among its linear or inverse contracts.`,
      );
    },
  };
}

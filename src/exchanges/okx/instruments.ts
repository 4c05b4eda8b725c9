import type { Instrument } from '../model';
import { createPromiseCache } from '../promise-cache';
import { mapOkxInstrument } from './map';
import type { OkxApi, OkxInstType } from './rest-api';

/** Sizes in coin need each contract's value, so instruments are fetched once per type and kept. */
const CONTRACT_TYPES = new Set(['SWAP', 'FUTURES', 'OPTION']);

export interface OkxInstruments {
  /** Every instrument of one instType, by instId (fetched once and kept, or again when `refresh`). */
  ofType(instType: OkxInstType, refresh?: boolean): Promise<Map<string, Instrument>>;
  /**
   * Instruments by id for these position rows. A type whose cache lacks a row's instrument (a contract
   * listed after the cache was filled) is fetched again, once, so its size in coin can be computed.
   */
  forRows(
    rows: readonly { readonly instType: string; readonly instId: string }[],
  ): Promise<Map<string, Instrument>>;
  /** The instrument if its type's list has already arrived; undefined (and the list asked for) if not. */
  known(instType: string, instId: string): Instrument | undefined;
}

export function createOkxInstruments(api: OkxApi): OkxInstruments {
  /** The lists that have arrived, for callers that cannot wait (a position push). */
  const arrived = new Map<string, Map<string, Instrument>>();
  const cache = createPromiseCache(async (instType: string) => {
    const result = await api.getInstruments({ instType: instType as OkxInstType });
    const byId = new Map(result.data.map((raw) => [raw.instId, mapOkxInstrument(raw)]));
    arrived.set(instType, byId);
    return byId;
  });

  return {
    ofType: (instType, refresh = false) => (refresh ? cache.reload(instType) : cache.get(instType)),
    forRows: async (rows) => {
      const types = [...new Set(rows.map((row) => row.instType).filter((type) => CONTRACT_TYPES.has(type)))];
      const byType = await Promise.all(
        types.map(async (type) => {
          const cached = cache.get(type);
          const byId = await cached;
          if (rows.every((row) => row.instType !== type || byId.has(row.instId))) return byId;
          return cache.refresh(type, cached);
        }),
      );
      return new Map(byType.flatMap((byId) => [...byId]));
    },
    known: (instType, instId) => {
      const byId = arrived.get(instType);
      if (byId === undefined && CONTRACT_TYPES.has(instType)) cache.get(instType).catch(() => undefined); // a failed list is asked for again on the next push
      return byId?.get(instId);
    },
  };
}

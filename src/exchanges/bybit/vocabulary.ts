import { ConfigError } from '../errors';
import { INSTRUMENT_KINDS, type InstrumentKind, type InstrumentRef, type PositionSlot } from '../model';
import { createNameTable } from '../name-table';
import type { BybitCategory, BybitPositionIdx } from './rest-api';

/** Bybit's own names for the neutral instrument kinds and position slots (docs/protocol.md "Bybit positions", "Bybit instruments and tickers"). */

export const BYBIT_CATEGORIES: readonly BybitCategory[] = ['spot', 'linear', 'inverse', 'option'];

/** A category name from a caller; one Bybit lacks is refused with the valid ones listed. */
export function bybitCategory(name: string): BybitCategory {
  const found = BYBIT_CATEGORIES.find((category) => category === name);
  if (found !== undefined) return found;
  throw new ConfigError(
    `Bybit has no category "${name}". Valid categories: ${BYBIT_CATEGORIES.join(', ')}.`,
    BYBIT_CATEGORIES,
  );
}

/**
 * The category of an instrument reference, or undefined for a perpetual or future whose contract type
 * the caller did not give: linear or inverse is then read from the instrument lists (instruments.ts).
 */
export function bybitCategoryOf(ref: InstrumentRef): BybitCategory | undefined {
  switch (ref.kind) {
    case 'spot':
    case 'margin':
      return 'spot';
    case 'option':
      return 'option';
    case 'perpetual':
    case 'future':
      return ref.contractType;
    default:
      // Callers outside TypeScript (messages, settings) can send anything.
      throw new ConfigError(
        `Bybit has no instrument kind "${String(ref.kind)}". Valid kinds: ${INSTRUMENT_KINDS.join(', ')}.`,
        INSTRUMENT_KINDS,
      );
  }
}

/** Expiry futures: linear `BTC-26DEC25` / `BTCUSDT-26DEC25`, inverse `BTCUSDH25` (docs/protocol.md "Bybit instruments and tickers"). */
const FUTURE_SYMBOL = /-\d{2}[A-Z]{3}\d{2}$|USD[FGHJKMNQUVXZ]\d{2}$/;

/** The kind of a Bybit row; `contractType` (instruments) wins over the symbol's shape (positions). */
export function bybitKind(category: string, symbol: string, contractType?: string): InstrumentKind {
  switch (bybitCategory(category)) {
    case 'spot':
      return 'spot';
    case 'option':
      return 'option';
    default:
      if (contractType !== undefined && contractType !== '')
        return contractType.endsWith('Futures') ? 'future' : 'perpetual';
      return FUTURE_SYMBOL.test(symbol) ? 'future' : 'perpetual';
  }
}

const SLOTS = createNameTable<PositionSlot, `${BybitPositionIdx}`>('Bybit', 'position slot', {
  'one-way': '0',
  long: '1',
  short: '2',
});

export function bybitPositionIdx(slot: PositionSlot): BybitPositionIdx {
  return Number(SLOTS.theirs(slot)) as BybitPositionIdx;
}

export function bybitSlot(positionIdx: number): PositionSlot {
  return SLOTS.ours(String(positionIdx));
}

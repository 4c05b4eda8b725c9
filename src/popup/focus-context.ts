import { createContext, useContext } from 'react';
import { instrumentKey, type InstrumentIdentity, type InstrumentKey } from '../contracts/instrument-key';
import type { ExchangeId } from '../contracts/vocabulary';

/**
 * What the side panel's active chart tab follows (the chart-focus port). Only the side panel provides it:
 * without a provider the value is undefined, so the popup highlights nothing and knows it is not the panel.
 * It only ever marks rows: no button takes its target from it.
 */
export interface ChartFocus {
  readonly instruments: ReadonlySet<InstrumentKey>;
}

export const FocusContext = createContext<ChartFocus | undefined>(undefined);

/** Whether this screen is the side panel (the one place FocusContext is provided). */
export const useInSidePanel = (): boolean => useContext(FocusContext) !== undefined;

/** Whether the instrument is what the active chart tab follows: its row is then aria-current. */
export function useIsFocused(
  exchange: ExchangeId,
  instrument: Pick<InstrumentIdentity, 'kind' | 'symbol'>,
): boolean {
  const focus = useContext(FocusContext);
  return (
    focus?.instruments.has(instrumentKey({ exchange, kind: instrument.kind, symbol: instrument.symbol })) ===
    true
  );
}

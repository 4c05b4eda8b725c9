import { useMemo, useSyncExternalStore } from 'react';
import type { FocusedInstrument } from '../contracts/chart-focus';
import { instrumentKey } from '../contracts/instrument-key';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { FocusContext } from '../popup/focus-context';
import { PopupApp, type PopupAppProps } from '../popup/PopupApp';
import type { FocusSource } from './focus-source';

export interface SidePanelAppProps extends PopupAppProps {
  readonly focus: FocusSource;
}

/** "BTCUSDT on Bybit, BTC-USDT-SWAP on OKX". */
const followedWords = (instruments: readonly FocusedInstrument[]) =>
  instruments
    .map((instrument) => `${instrument.symbol} on ${EXCHANGE_NAMES[instrument.exchange]}`)
    .join(', ');

/**
 * The popup's app as a tall panel beside the chart: it marks the position and quote of what the chart in
 * the active tab follows, and says what that is. The mark is all the chart decides: every button acts on
 * its own row, as in the popup.
 */
export function SidePanelApp({ focus, ...popup }: SidePanelAppProps) {
  const instruments = useSyncExternalStore(focus.subscribe, focus.current);
  const value = useMemo(() => ({ instruments: new Set(instruments.map(instrumentKey)) }), [instruments]);
  return (
    <FocusContext value={value}>
      <p className="perch-chart-focus perch-muted" role="status">
        {instruments.length === 0 ? 'No chart in the active tab' : `Chart: ${followedWords(instruments)}`}
      </p>
      <PopupApp {...popup} layout="panel" />
    </FocusContext>
  );
}

import { useStore } from 'zustand';
import type { WatchlistEntry, PositionView } from '../contracts/portfolio';
import type { AlertKind } from '../contracts/alerts';
import { instrumentKey } from '../contracts/instrument-key';
import { valuesFromPosition, valuesFromQuote, type AlertMarket } from '../ui/alert-form-values';
import { AlertForm } from '../ui/AlertForm';
import type { PopupStore } from './store';

const QUOTE_KINDS: readonly AlertKind[] = ['price', 'move'];
const POSITION_KINDS: readonly AlertKind[] = ['price', 'liquidation', 'stop', 'closed'];

/** The instrument as the alert form watches it, with its live prices and tick. */
function useMarket(
  store: PopupStore,
  instrument: Pick<WatchlistEntry, 'exchange' | 'kind' | 'symbol'>,
): AlertMarket {
  const quote = useStore(store, (state) => state.quotes[instrumentKey(instrument)]);
  const { exchange, kind, symbol } = instrument;
  return {
    instrument: { exchange, kind, symbol },
    tickSize: quote?.tickSize,
    last: quote?.last,
    mark: quote?.mark,
  };
}

interface RowAlertProps {
  readonly id: string;
  readonly store: PopupStore;
  /** "OKX BTC-USDT-SWAP perpetual". */
  readonly what: string;
  readonly onClose: () => void;
}

/** A watchlist quote's alert: the last price 1 % up (or down), or a % move. */
export function QuoteAlertForm({
  id,
  store,
  what,
  entry,
  onClose,
}: RowAlertProps & { entry: WatchlistEntry }) {
  const market = useMarket(store, entry);
  const { save } = store.getState().alerts.getState();
  return (
    <div id={id} className="perch-row-alert">
      <AlertForm
        title={`Alert for ${what}`}
        kinds={QUOTE_KINDS}
        initial={valuesFromQuote(market)}
        market={market}
        scopeEditable={false}
        save={save}
        onClose={onClose}
      />
    </div>
  );
}

/** A position's alert: its price half way to liquidation, its liquidation distance, a stop firing, its close. */
export function PositionAlertForm({
  id,
  store,
  what,
  position,
  onClose,
}: RowAlertProps & { position: PositionView }) {
  const market = useMarket(store, position);
  const { save } = store.getState().alerts.getState();
  return (
    <div id={id} className="perch-row-alert">
      <AlertForm
        title={`Alert for ${what}`}
        kinds={POSITION_KINDS}
        initial={valuesFromPosition(position, market)}
        market={{ ...market, mark: position.markPrice ?? market.mark }}
        scopeEditable={false}
        save={save}
        onClose={onClose}
      />
    </div>
  );
}

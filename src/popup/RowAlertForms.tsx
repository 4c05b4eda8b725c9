import { useStore } from 'zustand';
import type { WatchlistEntry, PositionView } from '../contracts/portfolio';
import type { AlertKind } from '../contracts/alerts';
import { instrumentKey } from '../contracts/instrument-key';
import {
  MARKET_KINDS,
  valuesFromPosition,
  valuesFromQuote,
  type AlertFormValues,
  type AlertMarket,
} from '../ui/alert-form-values';
import { AlertForm } from '../ui/AlertForm';
import type { PopupStore } from './store';

const POSITION_KINDS: readonly AlertKind[] = ['price', 'liquidation', 'stop', 'closed'];

type Instrument = Pick<WatchlistEntry, 'exchange' | 'kind' | 'symbol'>;

interface RowAlertProps {
  readonly id: string;
  readonly store: PopupStore;
  /** "OKX BTC-USDT-SWAP perpetual". */
  readonly what: string;
  readonly onClose: () => void;
}

/** The alert form under a row: the row's instrument with its live prices and tick, pre-filled for the row. */
function RowAlertForm({
  id,
  store,
  what,
  onClose,
  instrument,
  kinds,
  prefill,
  mark,
}: RowAlertProps & {
  readonly instrument: Instrument;
  readonly kinds: readonly AlertKind[];
  readonly prefill: (market: AlertMarket) => AlertFormValues;
  /** A position's own mark, when it has one: fresher than the quote's for what liquidates it. */
  readonly mark?: string | undefined;
}) {
  const quote = useStore(store, (state) => state.quotes[instrumentKey(instrument)]);
  const { exchange, kind, symbol } = instrument;
  const market: AlertMarket = {
    instrument: { exchange, kind, symbol },
    tickSize: quote?.tickSize,
    last: quote?.last,
    mark: mark ?? quote?.mark,
  };
  return (
    <div id={id} className="perch-row-alert">
      <AlertForm
        title={`Alert for ${what}`}
        kinds={kinds}
        initial={prefill(market)}
        market={market}
        scopeEditable={false}
        save={store.getState().alerts.getState().save}
        onClose={onClose}
      />
    </div>
  );
}

/** A watchlist quote's alert: the last price 1 % up (or down), or a % move. */
export function QuoteAlertForm(props: RowAlertProps & { readonly entry: WatchlistEntry }) {
  return <RowAlertForm {...props} instrument={props.entry} kinds={MARKET_KINDS} prefill={valuesFromQuote} />;
}

/** A position's alert: its price half way to liquidation, its liquidation distance, a stop firing, its close. */
export function PositionAlertForm(props: RowAlertProps & { readonly position: PositionView }) {
  const { position } = props;
  return (
    <RowAlertForm
      {...props}
      instrument={position}
      kinds={POSITION_KINDS}
      prefill={(market) => valuesFromPosition(position, market)}
      mark={position.markPrice}
    />
  );
}

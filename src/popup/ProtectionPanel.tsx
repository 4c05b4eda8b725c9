import { useStore } from 'zustand';
import type { PositionView } from '../contracts/portfolio';
import type { PortQuote } from '../contracts/ports';
import { PartCloseButtons } from './PartCloseButtons';
import { pendingKey } from './protection-requests';
import { legWords } from './protection-words';
import type { PopupStore } from './store';
import { TrailingForm } from './TrailingForm';
import { TriggerForm } from './TriggerForm';

export interface ProtectionPanelProps {
  readonly id: string;
  readonly store: PopupStore;
  readonly position: PositionView;
  /** Names the position after each button's words, for a screen reader: "OKX BTC-USDT-SWAP long". */
  readonly what: string;
  readonly quote: PortQuote | undefined;
}

function LegList({
  store,
  position,
  what,
  tickSize,
}: Omit<ProtectionPanelProps, 'id' | 'quote'> & {
  readonly tickSize: string | undefined;
}) {
  const legs = position.protection?.legs ?? [];
  const protecting = useStore(store, (state) => state.protecting);
  if (legs.length === 0) return null;
  return (
    <ul className="perch-legs" aria-label="Waiting stops and targets">
      {legs.map((leg) => {
        const words = legWords(leg, tickSize);
        const pending = protecting[pendingKey(position, leg.role)];
        return (
          <li key={leg.id}>
            <span>
              {words} <span className="perch-muted">by {leg.triggerBy} price</span>
            </span>
            <button
              type="button"
              className="perch-secondary"
              disabled={pending !== undefined}
              aria-label={`Cancel ${words} on ${what}`}
              onClick={() => void store.getState().protect(position, { type: 'cancel', leg })}
            >
              Cancel
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The protect panel of one position: its legs, stop and target, breakeven, trailing stop and partial close. */
export function ProtectionPanel({ id, store, position, what, quote }: ProtectionPanelProps) {
  const stopPending = useStore(store, (state) => state.protecting[pendingKey(position, 'stop')]);
  const legs = position.protection?.legs ?? [];
  const markPrice = position.markPrice ?? quote?.mark;
  const tickSize = quote?.tickSize;
  const shared = { store, position, markPrice, tickSize };
  return (
    <div id={id} className="perch-protect-panel">
      <LegList store={store} position={position} what={what} tickSize={tickSize} />
      <TriggerForm {...shared} role="stop" leg={legs.find((leg) => leg.role === 'stop')} />
      <TriggerForm {...shared} role="target" leg={legs.find((leg) => leg.role === 'target')} />
      <button
        type="button"
        className="perch-breakeven"
        disabled={stopPending !== undefined}
        aria-describedby={`${id}-breakeven`}
        onClick={() => void store.getState().protect(position, { type: 'breakeven' })}
      >
        {stopPending?.words ?? 'Breakeven'}
      </button>
      <p id={`${id}-breakeven`} className="perch-muted">
        Moves the stop to the price where closing neither gains nor loses.
      </p>
      <TrailingForm store={store} position={position} />
      <PartCloseButtons store={store} position={position} quote={quote} />
    </div>
  );
}

import type { PositionView } from '../contracts/portfolio';
import { EXCHANGE_NAMES } from '../contracts/exchange-names';
import { clockTime } from '../ui/dead-man-words';
import { SignedPnl } from '../ui/SignedPnl';
import { StatusPill } from '../ui/StatusPill';
import type { ClosedView } from './store';

const lastPnl = (position: PositionView) => ({
  amount: position.pnlUsd ?? position.pnl,
  unit: position.pnlUsd === undefined ? (position.settleCoin ?? '') : 'USD',
});

/** A position the trader closed, kept a few seconds once the exchange's stream confirms it: never a silent vanish. */
export function ClosedRow({ closed }: { closed: ClosedView }) {
  const { position, at } = closed;
  const { amount, unit } = lastPnl(position);
  return (
    <li
      className="perch-position-closed"
      data-exchange={position.exchange}
      data-symbol={position.symbol}
      data-slot={position.slot}
    >
      <div className="perch-position-head">
        <span className="perch-instrument">
          <span className="perch-exchange">{EXCHANGE_NAMES[position.exchange]}</span>
          <span className="perch-symbol">{position.symbol}</span>
        </span>
        <StatusPill tone="ok">Closed</StatusPill>
        <span className="perch-pnl">
          <SignedPnl amount={amount} unit={unit} />
        </span>
      </div>
      <p className="perch-muted" role="status">
        Closed at {clockTime(at)}; {EXCHANGE_NAMES[position.exchange]} confirmed it.
      </p>
    </li>
  );
}

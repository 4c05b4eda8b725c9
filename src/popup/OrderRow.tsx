import type { OrderView } from '../contracts/orders';
import { ageWords, priceWords, sizeWords } from './order-words';

interface OrderRowProps {
  readonly order: OrderView;
  readonly now: number;
  /** This order's cancel, or a cancel-all over it, is on its way. */
  readonly cancelling: boolean;
  readonly onCancel: () => void;
}

const SIDE_WORDS = { buy: 'Buy', sell: 'Sell' } as const;

/** One open order: side and type, price or trigger, size and filled, reduce-only, age, and its cancel. */
export function OrderRow({ order, now, cancelling, onCancel }: OrderRowProps) {
  const age = ageWords(order, now);
  const what = `${SIDE_WORDS[order.side].toLowerCase()} ${order.type} ${sizeWords(order)} ${priceWords(order)}`;
  return (
    <li
      className="perch-order"
      data-exchange={order.exchange}
      data-symbol={order.symbol}
      data-source={order.source}
      data-order-id={order.id}
    >
      <span className={order.side === 'buy' ? 'perch-order-side perch-up' : 'perch-order-side perch-down'}>
        {SIDE_WORDS[order.side]}
      </span>
      <span className="perch-order-type">
        {order.type}
        {order.reduceOnly === true ? <abbr title="reduce-only"> RO</abbr> : null}
      </span>
      <span className="perch-order-price">{priceWords(order)}</span>
      <span className="perch-order-size">{sizeWords(order)}</span>
      <span className="perch-order-age">{age ?? ''}</span>
      <button
        type="button"
        className="perch-secondary perch-order-cancel"
        aria-label={cancelling ? `Cancelling ${what}` : `Cancel ${what}`}
        disabled={cancelling}
        onClick={onCancel}
      >
        {cancelling ? 'Cancelling…' : 'Cancel'}
      </button>
    </li>
  );
}

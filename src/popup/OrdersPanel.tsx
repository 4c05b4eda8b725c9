import { useStore } from 'zustand';
import type { OrderView } from '../contracts/orders';
import { EXCHANGE_IDS, EXCHANGE_NAMES } from '../contracts/exchange-names';
import type { ExchangeId } from '../contracts/vocabulary';
import { ConfirmButton } from './ConfirmButton';
import { NoticeLine } from './NoticeLine';
import { orderRowKey, scopeKey, type OrderCancels } from './order-cancels';
import { OrderRow } from './OrderRow';
import type { PopupStore } from './store';
import './orders.css';

interface Group {
  readonly symbol: string;
  readonly kind: OrderView['kind'];
  readonly orders: readonly OrderView[];
}

/** The list arrives sorted by exchange and instrument: each instrument's orders in one group. */
function groupsOf(orders: readonly OrderView[], exchange: ExchangeId): Group[] {
  const groups = new Map<string, OrderView[]>();
  for (const order of orders) {
    if (order.exchange !== exchange) continue;
    const group = groups.get(order.symbol) ?? [];
    group.push(order);
    groups.set(order.symbol, group);
  }
  return [...groups].map(([symbol, list]) => ({
    symbol,
    kind: list.find((order) => order.kind !== undefined)?.kind,
    orders: list,
  }));
}

function InstrumentGroup({
  cancels,
  exchange,
  group,
  now,
}: {
  cancels: OrderCancels;
  exchange: ExchangeId;
  group: Group;
  now: number;
}) {
  const cancelling = useStore(cancels, (state) => state.cancelling);
  const notice = useStore(cancels, (state) => state.notices[scopeKey(exchange, group.symbol)]);
  const allPending =
    cancelling[scopeKey(exchange, group.symbol)] === true || cancelling[scopeKey(exchange)] === true;
  return (
    <li className="perch-order-group">
      <div className="perch-section-head">
        <h4>{group.symbol}</h4>
        <ConfirmButton
          words="Cancel all"
          what={`every order on ${EXCHANGE_NAMES[exchange]} ${group.symbol}`}
          pending={allPending}
          onConfirm={() => void cancels.getState().cancelAll(exchange, group.symbol, group.kind)}
        />
      </div>
      <ul className="perch-orders">
        {group.orders.map((order) => (
          <OrderRow
            key={orderRowKey(order)}
            order={order}
            now={now}
            cancelling={allPending || cancelling[orderRowKey(order)] === true}
            onCancel={() => void cancels.getState().cancelOne(order)}
          />
        ))}
      </ul>
      <NoticeLine notice={notice} />
    </li>
  );
}

function ExchangeOrders({
  cancels,
  exchange,
  orders,
  now,
}: {
  cancels: OrderCancels;
  exchange: ExchangeId;
  orders: readonly OrderView[];
  now: number;
}) {
  const pending = useStore(cancels, (state) => state.cancelling[scopeKey(exchange)] === true);
  const notice = useStore(cancels, (state) => state.notices[scopeKey(exchange)]);
  const groups = groupsOf(orders, exchange);
  if (groups.length === 0 && notice === undefined) return null;
  const name = EXCHANGE_NAMES[exchange];
  return (
    <section className="perch-order-exchange" aria-label={`${name} open orders`}>
      <div className="perch-section-head">
        <h3>{name}</h3>
        {groups.length === 0 ? null : (
          <ConfirmButton
            words={`Cancel all on ${name}`}
            what={`every open order on ${name}`}
            pending={pending}
            onConfirm={() => void cancels.getState().cancelAll(exchange)}
          />
        )}
      </div>
      <ul className="perch-order-groups">
        {groups.map((group) => (
          <InstrumentGroup key={group.symbol} cancels={cancels} exchange={exchange} group={group} now={now} />
        ))}
      </ul>
      <NoticeLine notice={notice} />
    </section>
  );
}

export interface OrdersPanelProps {
  readonly store: PopupStore;
  /** The clock an order's age is read against. */
  readonly now?: () => number;
}

/** Both exchanges' open orders, regular and conditional, by instrument; cancel one, an instrument's, or all. */
export function OrdersPanel({ store, now = Date.now }: OrdersPanelProps) {
  const unlocked = useStore(store, (state) => state.vault.kind === 'unlocked');
  const orders = useStore(store, (state) => state.account.orders);
  const cancels = useStore(store, (state) => state.orderCancels);
  if (!unlocked) return null;
  const at = now();
  return (
    <section className="perch-section" aria-labelledby="perch-orders-title">
      <h2 id="perch-orders-title">Open orders</h2>
      {orders === undefined ? <p className="perch-muted">Loading orders…</p> : null}
      {orders?.length === 0 ? <p className="perch-muted">No open orders.</p> : null}
      {orders === undefined
        ? null
        : EXCHANGE_IDS.map((exchange) => (
            <ExchangeOrders key={exchange} cancels={cancels} exchange={exchange} orders={orders} now={at} />
          ))}
    </section>
  );
}

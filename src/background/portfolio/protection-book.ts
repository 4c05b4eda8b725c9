import { positionKey } from '../../contracts/instrument-key';
import type {
  ExchangeId,
  PositionProtection,
  ProtectedPosition,
  ProtectionEvent,
  ProtectionLeg,
} from '../../exchanges';

/**
 * The stops, targets and trailing stops waiting on each position, from the exchange's listing after each
 * (re)subscribe and the protection stream's pushes. Pushes are idempotent: Bybit pushes the same live
 * Full-mode leg with every position push, and an unchanged leg changes nothing.
 */
export interface ProtectionBook {
  /** Returns true when the push changed what is known. */
  apply(event: ProtectionEvent): boolean;
  /** One exchange's listing replaces everything known of its legs. Returns the positions it touched. */
  replace(exchange: ExchangeId, listed: readonly PositionProtection[]): readonly ProtectedPosition[];
  /** The legs on a position; undefined until its exchange has listed them since the worker started. */
  legsOf(position: ProtectedPosition): readonly ProtectionLeg[] | undefined;
  /** Every position with legs waiting, and its legs: the open orders list shows them beside the orders. */
  all(): readonly PositionProtection[];
}

const keyOf = ({ exchange, instrumentKind, symbol, positionSlot }: ProtectedPosition) =>
  positionKey({ exchange, kind: instrumentKind, symbol, slot: positionSlot });
/** One OKX algo order can hold a stop and a target under one id: a leg is its id and role. */
const legKey = (leg: ProtectionLeg) => `${leg.role}:${leg.id}`;

interface Entry {
  readonly position: ProtectedPosition;
  readonly legs: Map<string, ProtectionLeg>;
}

export function createProtectionBook(): ProtectionBook {
  const entries = new Map<string, Entry>();
  const listed = new Set<ExchangeId>();

  const entryOf = (position: ProtectedPosition): Entry => {
    const key = keyOf(position);
    let entry = entries.get(key);
    if (entry === undefined) {
      entry = { position, legs: new Map() };
      entries.set(key, entry);
    }
    return entry;
  };

  return {
    apply(event) {
      const { exchange, symbol, instrumentKind, positionSlot } = event;
      const legs = entryOf({ exchange, symbol, instrumentKind, positionSlot }).legs;
      const key = legKey(event.leg);
      if (event.status !== 'live') return legs.delete(key);
      if (JSON.stringify(legs.get(key)) === JSON.stringify(event.leg)) return false;
      legs.set(key, event.leg);
      return true;
    },
    replace(exchange, list) {
      listed.add(exchange);
      const touched = [...entries.values()].filter((entry) => entry.position.exchange === exchange);
      for (const entry of touched) entries.delete(keyOf(entry.position));
      for (const item of list) {
        const { symbol, instrumentKind, positionSlot } = item;
        const legs = entryOf({ exchange, symbol, instrumentKind, positionSlot }).legs;
        for (const leg of item.legs) legs.set(legKey(leg), leg);
      }
      return [...touched.map((entry) => entry.position), ...list];
    },
    legsOf(position) {
      if (!listed.has(position.exchange)) return undefined;
      return [...(entries.get(keyOf(position))?.legs.values() ?? [])];
    },
    all() {
      return [...entries.values()]
        .filter((entry) => entry.legs.size > 0)
        .map((entry) => ({ ...entry.position, legs: [...entry.legs.values()] }));
    },
  };
}

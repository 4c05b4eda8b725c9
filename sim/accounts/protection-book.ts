import type { SimAccount } from './sim-account.js';
import type { PositionSide, SimPosition } from './types.js';

/** Which price crosses a leg's trigger. */
export type TriggerSource = 'mark' | 'last' | 'index';
export type LegKind = 'stop' | 'target' | 'trailing';
/** untriggered: waiting; triggered: fired (its close was sent); cancelled: by its owner; deactivated: its position closed. */
export type LegState = 'untriggered' | 'triggered' | 'cancelled' | 'deactivated';

/**
 * A stop, target or trailing stop attached to a position (docs/protocol.md "Protection"). `full` legs act on
 * the whole position, whatever its size when they fire, and there is at most one of each kind per
 * position; partial legs close their own size and may be many.
 */
export interface SimLeg {
  readonly id: string;
  readonly kind: LegKind;
  readonly full: boolean;
  readonly symbol: string;
  readonly posSide: PositionSide;
  /** The side of the position it protects, kept for pushes after the position has closed. */
  readonly long: boolean;
  /** Stop and target: the trigger price. Trailing: the stop it has ratcheted to (0 until it is active). */
  triggerPrice: number;
  triggerBy: TriggerSource;
  /** Partial legs only. */
  size: number | undefined;
  /** Trailing only: the distance behind the best price. */
  distance: number;
  /** Trailing only: the price from which it trails (undefined: at once). */
  activationPrice: number | undefined;
  /** Trailing only: the best price since activation, undefined until active. */
  best: number | undefined;
  state: LegState;
  readonly createdAt: number;
  updatedAt: number;
}

/** The legs of one account, kept beside it (the account model stays exchange-neutral and leg-free). */
export class ProtectionBook {
  private readonly legs: SimLeg[] = [];

  add(leg: SimLeg): SimLeg {
    this.legs.push(leg);
    return leg;
  }

  find(id: string): SimLeg | undefined {
    return this.legs.find((leg) => leg.id === id);
  }

  /** Waiting legs, of one position when given. */
  waiting(position?: { readonly symbol: string; readonly posSide: PositionSide }): SimLeg[] {
    return this.legs.filter(
      (leg) =>
        leg.state === 'untriggered' &&
        (position === undefined || (leg.symbol === position.symbol && leg.posSide === position.posSide)),
    );
  }

  /** The waiting whole-position leg of a kind. */
  full(symbol: string, posSide: PositionSide, kind: LegKind): SimLeg | undefined {
    return this.waiting({ symbol, posSide }).find((leg) => leg.full && leg.kind === kind);
  }

  /** The admin reset: the account starts again without positions, so without legs. */
  clear(): void {
    this.legs.length = 0;
  }

  hasWaiting(): boolean {
    return this.legs.some((leg) => leg.state === 'untriggered');
  }
}

const books = new WeakMap<SimAccount, ProtectionBook>();

export function protectionBook(account: SimAccount): ProtectionBook {
  let book = books.get(account);
  if (!book) {
    book = new ProtectionBook();
    books.set(account, book);
  }
  return book;
}

export const positionKey = (position: SimPosition) => ({
  symbol: position.instrument.symbol,
  posSide: position.posSide,
});

/** +1 for a long position, -1 for a short one (hedge shorts are negative too), 0 when flat. */
export const directionOf = (position: SimPosition): number => Math.sign(position.size);

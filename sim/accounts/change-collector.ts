import type { AccountChange, SimFill, SimOrder, SimPosition } from './types.js';

/** Gathers what one operation touched, each item once, so it can be announced as one change. */
export class ChangeCollector {
  private readonly orders = new Set<SimOrder>();
  private readonly fills: SimFill[] = [];
  private readonly positions = new Set<SimPosition>();
  private balanceChanged = false;

  order(order: SimOrder): void {
    this.orders.add(order);
  }

  fill(fill: SimFill, position: SimPosition): void {
    this.fills.push(fill);
    this.positions.add(position);
    this.balanceChanged = true;
  }

  position(position: SimPosition): void {
    this.positions.add(position);
    this.balanceChanged = true;
  }

  balance(): void {
    this.balanceChanged = true;
  }

  isEmpty(): boolean {
    return this.orders.size === 0 && this.positions.size === 0 && !this.balanceChanged;
  }

  build(): AccountChange {
    return {
      orders: [...this.orders],
      fills: [...this.fills],
      positions: [...this.positions],
      balanceChanged: this.balanceChanged,
    };
  }
}

/**
 * The moments of one order within a change, for streams that push an order once per fill: each
 * fill, then the order as it now stands when no fill explains its state (new, amended, cancelled).
 */
export function orderMoments(order: SimOrder, change: AccountChange): (SimFill | undefined)[] {
  const fills = change.fills.filter((f) => f.order === order);
  const last = fills.at(-1);
  const current = !last || last.orderAfter.state !== order.state || last.orderAfter.filled !== order.filled;
  return current ? [...fills, undefined] : fills;
}

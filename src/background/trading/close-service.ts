import type { CloseResult, SeenPosition } from '../../contracts';
import { PerchError } from '../../contracts';
import type { Clock, Exchange, Logger, OrderAck, Position, Timers } from '../../exchanges';
import type { ExchangeRegistry } from '../services';
import { watchClose } from './close-confirmation';
import { createSettler } from './in-flight-journal';
import { openPosition, settleClose } from './close-reconcile';
import {
  targetKey,
  type CloseRecord,
  type CloseStore,
  type PositionTarget,
  type SettledClose,
} from './close-store';
import {
  capitalise,
  closeFailure,
  closeSent,
  describePosition,
  exchangeLabel,
  isIndefinite,
  lookupFailure,
  positionChanged,
} from './close-words';
import { compareWithSeen } from './seen-position';

export interface CloseServiceDeps {
  readonly registry: ExchangeRegistry;
  readonly store: CloseStore;
  readonly clock: Clock;
  readonly timers: Timers;
  /** Ids both exchanges take (createClientOrderIds in src/exchanges makes such). */
  readonly newClientOrderId: () => string;
  readonly logger: Logger;
  /** How long the private stream gets to confirm a sent close. */
  readonly confirmTimeoutMs?: number;
}

export interface CloseService {
  /**
   * Closes one whole position at market, at most one close per position at a time, and only while it is
   * the position the trader saw (`seen`): same side, no larger. Otherwise throws `PositionChangedError`
   * and sends nothing.
   */
  close(target: PositionTarget, seen: SeenPosition): Promise<CloseResult>;
  /**
   * Settles the closes an earlier worker left in flight (call at every worker start). Closes wait for it.
   * Returns what it settled; a record whose exchange cannot be asked now stays for the next start.
   */
  reconcile(): Promise<readonly SettledClose[]>;
  /**
   * For a close answered "sent": true once the private positions stream shows the position flat, false
   * if it did not within the timeout. Undefined for an id this worker did not send.
   */
  confirmation(clientOrderId: string): Promise<boolean> | undefined;
}

/**
 * Closing positions (docs/architecture.md "How data flows"). The in-flight record is written to
 * storage.session before the order leaves and cleared on a definite answer; while it exists no second
 * close of that position is sent, in this worker or the next one, which reconciles it from the exchange.
 */
export function createCloseService(deps: CloseServiceDeps): CloseService {
  const { registry, store, clock, timers, newClientOrderId, logger } = deps;
  /** Position key -> client order id of the close this worker is sending or waiting to see confirmed. */
  const busy = new Map<string, string>();
  const confirmations = new Map<string, Promise<boolean>>();

  const connected = async (target: PositionTarget): Promise<Exchange> => {
    const exchange = await registry.exchange(target.exchange);
    if (exchange !== undefined) return exchange;
    const label = exchangeLabel(target);
    throw new PerchError(
      'ExchangeNotConnectedError',
      `${label} is turned off, so Perch cannot close positions there. Turn it on in Options.`,
    );
  };

  const settleOne = async (record: CloseRecord): Promise<SettledClose | undefined> => {
    const exchange = await registry.exchange(record.exchange);
    if (exchange === undefined) return undefined;
    const settled = await settleClose(exchange, record, clock.now());
    if (settled !== undefined) await store.settle(settled);
    return settled;
  };

  const settleQuietly = (record: CloseRecord): Promise<SettledClose | undefined> =>
    settleOne(record).catch((error: unknown) => {
      logger.warn(
        `Perch could not yet check the close ${record.clientOrderId} of ${describePosition(record)}; it will ask again at the next start: ${String(error)}`,
      );
      return undefined;
    });

  const settler = createSettler(store, settleQuietly);

  const send = async (
    exchange: Exchange,
    target: PositionTarget,
    position: Position,
    clientOrderId: string,
    message: string,
  ): Promise<CloseResult> => {
    const record: CloseRecord = { ...target, clientOrderId, startedAt: clock.now() };
    await store.add(record);
    const watch = watchClose(exchange, target, timers, deps.confirmTimeoutMs);
    const via = exchange.trade.overSocket ? 'socket' : 'rest';
    let ack: OrderAck;
    try {
      ack = await exchange.trade.close(position, clientOrderId);
    } catch (error) {
      watch.stop();
      // No answer is not a "no": the order may be on the exchange. The record stays until it is checked.
      if (isIndefinite(error)) void settleQuietly(record);
      else await store.remove(clientOrderId);
      throw closeFailure(target, error);
    }
    await store.remove(clientOrderId);
    confirmations.set(clientOrderId, watch.confirmed);
    void watch.confirmed.then(() => {
      if (busy.get(targetKey(target)) === clientOrderId) busy.delete(targetKey(target));
    });
    return {
      status: 'sent',
      clientOrderId: ack.clientOrderId === '' ? clientOrderId : ack.clientOrderId,
      orderId: ack.orderId,
      via,
      message,
    };
  };

  const inProgress = (target: PositionTarget, clientOrderId: string): CloseResult => ({
    status: 'in-progress',
    clientOrderId,
    message: `A close of ${describePosition(target)} is already in progress; nothing more was sent.`,
  });

  return {
    async close(target, seen) {
      await settler.idle();
      const key = targetKey(target);
      const pending = busy.get(key);
      if (pending !== undefined) return inProgress(target, pending);
      const clientOrderId = newClientOrderId();
      busy.set(key, clientOrderId);
      try {
        // Left by an earlier worker, or by a send that got no answer: ask the exchange how it ended first.
        const earlier = (await store.inFlight()).find((record) => targetKey(record) === key);
        if (earlier !== undefined && (await settleQuietly(earlier)) === undefined) {
          return inProgress(target, earlier.clientOrderId);
        }
        const exchange = await connected(target);
        let position: Position | undefined;
        try {
          position = await openPosition(exchange, target);
        } catch (error) {
          throw lookupFailure(target, error);
        }
        if (position === undefined) {
          return {
            status: 'already-closed',
            message: `${capitalise(describePosition(target))} is already closed: nothing was sent.`,
          };
        }
        // Checked on the position just looked up, which the order is built from: for contracts on both
        // exchanges a market order the other way of its side, for its size, that can only reduce
        // (`trade.close`; docs/architecture.md "Closing a position"; OKX spot margin alone closes with
        // close-position). So the order acts on the side the trader saw and at most the size they saw:
        // should the position flip after this look-up, the exchange refuses the order rather than close
        // the other side, and what it grows by after it stays open.
        const standing = compareWithSeen(seen, position);
        if (standing === 'changed') throw positionChanged(target, seen, position);
        const message = closeSent(target, seen, position, standing === 'shrunk');
        return await send(exchange, target, position, clientOrderId, message);
      } finally {
        // A sent close keeps the position busy under its own entry until the stream confirms it.
        if (busy.get(key) === clientOrderId && !confirmations.has(clientOrderId)) busy.delete(key);
      }
    },
    reconcile: () => settler.reconcile(),
    confirmation: (clientOrderId) => confirmations.get(clientOrderId),
  };
}

import type { Clock, Exchange, Logger, OrderAck, Position, Timers } from '../../exchanges';
import { errorMessage } from '../../contracts/perch-error';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import type { ExchangeRegistry } from '../services';
import { watchClose } from './close-confirmation';
import { CLOSE_IN_TRANSIT_MS, openPosition, settleClose } from './close-reconcile';
import { targetKey, type CloseRecord, type CloseStore } from './close-store';
import { CLOSE_WORDS, closeFailure, isIndefinite, unreachableLookup } from './close-words';
import {
  planExchange,
  positionWhat,
  type FlattenExchangeRun,
  type FlattenOrder,
  type FlattenPosition,
} from './flatten-plan';

/** Whether Perch holds a key for the exchange it can sign with now. */
export type KeyAccess = 'unlocked' | 'locked' | 'none';

export interface FlattenDeps {
  readonly registry: ExchangeRegistry;
  readonly keyAccess: (exchange: Exchange['id']) => Promise<KeyAccess>;
  /** The close journal single closes use: a close of a position in flight there is never sent again. */
  readonly closes: CloseStore;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly logger: Logger;
  /** How long the private stream gets to show a closed position. */
  readonly confirmTimeoutMs?: number;
}

/** One exchange's part of a run: read, and changed only through `update`, which stores it before it returns. */
export interface ExchangeBook {
  current(): FlattenExchangeRun;
  update(change: (part: FlattenExchangeRun) => FlattenExchangeRun): Promise<void>;
}

/** How often a close whose outcome the exchange cannot tell yet is asked about again. */
export const ASK_AGAIN_MS = 5_000;
const ASKS = Math.ceil(CLOSE_IN_TRANSIT_MS / ASK_AGAIN_MS) + 2;

const STILL_OPEN = 'whatever is open there is still open';

function blockedWords(name: string, enabled: boolean, access: KeyAccess): Partial<FlattenExchangeRun> {
  if (access === 'none')
    return { note: `no API key is saved for ${name}, so Perch has nothing there to close.` };
  if (!enabled)
    return { problem: `${name} is turned off in Options, so Perch did not look at it: ${STILL_OPEN}.` };
  if (access === 'locked') {
    return { problem: `Perch is locked, so it could not see or close anything on ${name}: ${STILL_OPEN}.` };
  }
  return {};
}

function withPosition(index: number, change: Partial<FlattenPosition>) {
  return (part: FlattenExchangeRun): FlattenExchangeRun => ({
    ...part,
    positions: part.positions.map((item, at) => (at === index ? { ...item, ...change } : item)),
  });
}

/** Each listed order's end, from cancelAll's answers and a second look at what still rests. */
function cancelOutcome(
  item: FlattenOrder,
  acks: readonly OrderAck[],
  stillResting: ReadonlySet<string> | undefined,
  name: string,
): FlattenOrder {
  const ack = acks.find((one) => one.orderId === item.orderId);
  if (ack?.code === '0') return { ...item, state: 'cancelled', words: 'Cancelled.' };
  if (ack !== undefined) {
    const said = ack.message === '' ? ack.code : `${ack.code} "${ack.message}"`;
    return { ...item, state: 'refused', words: `${name} refused to cancel it. ${name} said: ${said}.` };
  }
  if (stillResting?.has(item.orderId) !== false) {
    return { ...item, state: 'open', words: `Still resting: ${name} did not say it cancelled it.` };
  }
  return { ...item, state: 'gone', words: 'No longer resting: it filled or was cancelled meanwhile.' };
}

async function cancelOrders(exchange: Exchange, book: ExchangeBook): Promise<void> {
  const name = EXCHANGE_NAMES[exchange.id];
  let acks: readonly OrderAck[];
  try {
    acks = (await exchange.trade.cancelAll()).acks;
  } catch (error) {
    const words = `${name} did not cancel it: ${errorMessage(error)}`;
    await book.update((part) => ({
      ...part,
      step: 'close',
      orders: part.orders.map((item) =>
        item.state === 'waiting' ? { ...item, state: 'refused', words } : item,
      ),
    }));
    return;
  }
  const resting = await exchange.rest.getOpenOrders().then(
    (orders) => new Set(orders.map((order) => order.orderId)),
    () => undefined,
  );
  await book.update((part) => {
    const listed = new Set(part.orders.map((item) => item.orderId));
    // Orders placed after the run listed them, which cancelAll found too.
    const unlisted = acks
      .filter((ack) => !listed.has(ack.orderId))
      .map((ack): FlattenOrder => ({
        orderId: ack.orderId,
        clientOrderId: ack.clientOrderId,
        what: `order ${ack.orderId}`,
        state: 'waiting',
        words: '',
      }));
    return {
      ...part,
      step: 'close',
      orders: [...part.orders, ...unlisted].map((item) =>
        item.state === 'waiting' ? cancelOutcome(item, acks, resting, name) : item,
      ),
    };
  });
}

/**
 * A close that may have left (sent, or written in the journal by a worker that then stopped): asked of
 * the exchange until it can tell, never sent again.
 */
async function settleSent(
  deps: FlattenDeps,
  exchange: Exchange,
  record: CloseRecord,
): Promise<Partial<FlattenPosition>> {
  for (let ask = 0; ask < ASKS; ask += 1) {
    const settled = await settleClose(exchange, record, deps.clock.now()).catch((error: unknown) => {
      deps.logger.warn(`Perch could not yet check the close ${record.clientOrderId}: ${errorMessage(error)}`);
      return undefined;
    });
    if (settled !== undefined) {
      await deps.closes.settle(settled);
      if (settled.outcome === 'closed') return { state: 'closed', words: 'Closed.' };
      return { state: 'open', words: settled.message };
    }
    await new Promise<void>((resolve) => deps.timers.setTimeout(resolve, ASK_AGAIN_MS));
  }
  const name = EXCHANGE_NAMES[exchange.id];
  return {
    state: 'open',
    words: `Perch could not yet tell from ${name} whether its close went through; it did not send another. Look at it on ${name}.`,
  };
}

function refusalWords(record: CloseRecord, error: unknown): string {
  try {
    return closeFailure(record, error).message;
  } catch {
    return errorMessage(error);
  }
}

/** Closes the `index`th position of the run as the exchange shows it now: its side, its whole size, reduce-only. */
async function closeOne(
  deps: FlattenDeps,
  exchange: Exchange,
  book: ExchangeBook,
  index: number,
): Promise<void> {
  const item = book.current().positions[index];
  if (item === undefined || (item.state !== 'waiting' && item.state !== 'sending')) return;
  const name = EXCHANGE_NAMES[exchange.id];
  const record: CloseRecord = {
    ...item.target,
    clientOrderId: item.clientOrderId,
    startedAt: item.sentAt ?? 0,
  };
  if (item.state === 'sending') {
    await book.update(withPosition(index, await settleSent(deps, exchange, record)));
    return;
  }
  // A close of this position already on its way (from the popup or a chart): its outcome decides first.
  const earlier = (await deps.closes.inFlight()).find((other) => targetKey(other) === targetKey(item.target));
  if (earlier !== undefined) {
    const outcome = await settleSent(deps, exchange, earlier);
    const unsettled = (await deps.closes.inFlight()).some(
      (other) => other.clientOrderId === earlier.clientOrderId,
    );
    if (unsettled) {
      await book.update(withPosition(index, outcome));
      return;
    }
  }
  let position: Position | undefined;
  try {
    position = await openPosition(exchange, item.target);
  } catch (error) {
    await book.update(
      withPosition(index, { state: 'open', words: unreachableLookup(item.target, error, CLOSE_WORDS) }),
    );
    return;
  }
  if (position === undefined) {
    await book.update(withPosition(index, { state: 'gone', words: 'Already closed: nothing was sent.' }));
    return;
  }
  const sentAt = deps.clock.now();
  // Written before the order leaves: a worker stopped from here on settles it, never sends it again.
  await book.update(
    withPosition(index, { state: 'sending', sentAt, what: positionWhat(position), words: 'Closing…' }),
  );
  const sent: CloseRecord = { ...record, startedAt: sentAt };
  await deps.closes.add(sent);
  const watch = watchClose(exchange, item.target, deps.timers, deps.confirmTimeoutMs);
  try {
    await exchange.trade.close(position, item.clientOrderId);
  } catch (error) {
    watch.stop();
    if (isIndefinite(error)) {
      await book.update(withPosition(index, await settleSent(deps, exchange, sent)));
      return;
    }
    await deps.closes.remove(item.clientOrderId);
    await book.update(withPosition(index, { state: 'refused', words: refusalWords(sent, error) }));
    return;
  }
  await deps.closes.remove(item.clientOrderId);
  await book.update(withPosition(index, { words: `Sent; waiting for ${name} to confirm…` }));
  const confirmed = await watch.confirmed;
  await book.update(
    withPosition(
      index,
      confirmed
        ? { state: 'closed', words: `Closed; ${name} confirmed it.` }
        : {
            state: 'open',
            words: `Sent, but ${name}'s stream did not show it closed in time: look at it on ${name}.`,
          },
    ),
  );
}

/**
 * One exchange's part of a "close everything" run, from wherever a stopped worker left it: list what is
 * open, cancel every resting order (first, so none fills into a new position), then close each position,
 * one at a time (inside the exchange's request budget), each as the exchange shows it just before.
 */
export async function flattenExchange(deps: FlattenDeps, runId: string, book: ExchangeBook): Promise<void> {
  const { exchange: id, step } = book.current();
  if (step === 'done') return;
  const exchange = await deps.registry.exchange(id);
  const blocked = blockedWords(EXCHANGE_NAMES[id], exchange !== undefined, await deps.keyAccess(id));
  if (exchange === undefined || blocked.note !== undefined || blocked.problem !== undefined) {
    await book.update((part) => ({ ...part, ...blocked, step: 'done' }));
    return;
  }
  if (step === 'plan') {
    try {
      const [positions, orders] = await Promise.all([
        exchange.rest.getPositions(),
        exchange.rest.getOpenOrders(),
      ]);
      await book.update(() => planExchange(runId, id, positions, orders));
    } catch (error) {
      const problem = `Perch could not reach ${EXCHANGE_NAMES[id]} to list its positions and orders (${errorMessage(error)}), so it touched nothing there: ${STILL_OPEN}.`;
      await book.update((part) => ({ ...part, problem, step: 'done' }));
      return;
    }
  }
  if (book.current().step === 'cancel') await cancelOrders(exchange, book);
  for (let index = 0; index < book.current().positions.length; index += 1) {
    await closeOne(deps, exchange, book, index);
  }
  await book.update((part) => ({ ...part, step: 'done' }));
}
